import { type RuleInput, rulePackSchema } from '@bo/shared/compliance/rules';

/**
 * The Taiwan rule pack (issue 38, /work/shared/compliance/taiwan-rules.md, docs/compliance.md): the rules a
 * Taiwanese construction company keeps for the people on its sites, each with the article it cites. Product
 * data, not legal advice. Rules whose source could not be confirmed from the official text carry the note
 * and ship switched off (effectiveRules) until the company switches them on. Raise `version` (the pack's
 * and the rule's) whenever a rule's meaning changes, so its due items are recomputed.
 */
export const TAIWAN_PACK_VERSION = 1;

const OSH_ACT = '職業安全衛生法';
const TRAINING_RULES = '職業安全衛生教育訓練規則';
const HEALTH_RULES = '勞工健康保護規則';
const CONSTRUCTION_ACT = '營造業法';
const DIRECTOR_RULES = '營造業工地主任評定回訓及管理辦法';

const law = (name: string, article: string | null = null) => ({ law: name, article });
const cite = (zh: string, en: string, ...laws: ReturnType<typeof law>[]) => ({ text: { 'zh-TW': zh, 'en-US': en }, laws });
const words = (zh: string, en: string) => ({ 'zh-TW': zh, 'en-US': en });

/** A site role's key and its words, as a roster row may carry either. */
const role = (key: string, zh: string) => [key, zh];

const SUPERVISING_ROLES: Record<string, string> = {
  supervisor_shoring: '擋土支撐作業主管',
  supervisor_excavation: '露天開挖作業主管',
  supervisor_formwork: '模板支撐作業主管',
  supervisor_tunnel_excavation: '隧道等挖掘作業主管',
  supervisor_tunnel_lining: '隧道等襯砌作業主管',
  supervisor_scaffolding: '施工架組配作業主管',
  supervisor_steel: '鋼構組配作業主管',
  supervisor_roofing: '屋頂作業主管',
};
/** The words a supervisor course's subject holds for each supervising role (the matching 作業主管 course). */
const SUPERVISING_SUBJECTS: Record<string, string> = {
  supervisor_shoring: '擋土支撐',
  supervisor_excavation: '露天開挖',
  supervisor_formwork: '模板支撐',
  supervisor_tunnel_excavation: '挖掘',
  supervisor_tunnel_lining: '襯砌',
  supervisor_scaffolding: '施工架組配',
  supervisor_steel: '鋼構組配',
  supervisor_roofing: '屋頂',
};
const supervisingRoles = Object.entries(SUPERVISING_ROLES).flatMap(([key, zh]) => role(key, zh));
const supervisingSubjects = Object.fromEntries(
  Object.entries(SUPERVISING_ROLES).flatMap(([key, zh]) => [
    [key, SUPERVISING_SUBJECTS[key]!],
    [zh, SUPERVISING_SUBJECTS[key]!],
  ]),
);

/** In-service courses: the periodic ones, and the qualifying course that starts the clock. */
const IN_SERVICE = ['in_service', 'supervisor'] as const;

const rules: RuleInput[] = [
  {
    key: 'general-training',
    version: 1,
    source: 'pack',
    title: words('一般安全衛生教育訓練', 'General safety and health training'),
    requires: words(
      '營造作業一般安全衛生教育訓練至少 6 小時並經測驗；台灣職安卡記錄之，各工地通用',
      'General safety and health training for construction work: at least 6 hours with a test; the Taiwan OSH card records it and is valid on every site',
    ),
    citation: cite(
      '職業安全衛生法第32條；職業安全衛生教育訓練規則第16、17條',
      'Occupational Safety and Health Act art. 32; OSH Education and Training Rules arts. 16–17',
      law(OSH_ACT, '32'),
      law(TRAINING_RULES, '16–17'),
    ),
    requirement: { kind: 'training', course_kinds: ['general'], min_hours: 6 },
    timing: { kind: 'before_work' },
  },
  {
    key: 'training-osh-officer',
    version: 1,
    source: 'pack',
    title: words('職業安全衛生業務主管在職教育訓練', 'In-service training: OSH officer'),
    requires: words(
      '職業安全衛生業務主管每 2 年至少 6 小時在職教育訓練',
      'An OSH officer takes at least 6 hours of in-service training every 2 years',
    ),
    citation: cite('職業安全衛生教育訓練規則第19條', 'OSH Education and Training Rules art. 19', law(TRAINING_RULES, '19')),
    applies: { site_roles: role('osh_officer', '職業安全衛生業務主管'), job_titles: ['職業安全衛生業務主管'] },
    requirement: { kind: 'training', course_kinds: [...IN_SERVICE], min_hours: 6 },
    timing: { kind: 'every', months: 24 },
  },
  {
    key: 'training-osh-staff',
    version: 1,
    source: 'pack',
    title: words('職業安全衛生管理人員在職教育訓練', 'In-service training: OSH staff'),
    requires: words(
      '職業安全衛生管理人員每 2 年至少 12 小時在職教育訓練',
      'OSH staff take at least 12 hours of in-service training every 2 years',
    ),
    citation: cite('職業安全衛生教育訓練規則第19條', 'OSH Education and Training Rules art. 19', law(TRAINING_RULES, '19')),
    applies: { site_roles: role('osh_staff', '職業安全衛生管理人員'), job_titles: ['職業安全衛生管理人員'] },
    requirement: { kind: 'training', course_kinds: [...IN_SERVICE], min_hours: 12 },
    timing: { kind: 'every', months: 24 },
  },
  {
    key: 'training-supervisor-3y6h',
    version: 1,
    source: 'pack',
    title: words('作業主管在職教育訓練', 'In-service training: work supervisors'),
    requires: words(
      '營造作業主管及第18條第1項第4至6款人員每 3 年至少 6 小時在職教育訓練',
      'Construction work supervisors and the others of art. 18 ¶1 items 4–6 take at least 6 hours of in-service training every 3 years',
    ),
    citation: cite('職業安全衛生教育訓練規則第18、19條', 'OSH Education and Training Rules arts. 18–19', law(TRAINING_RULES, '18–19')),
    applies: { site_roles: [...supervisingRoles, ...role('supervisor_other', '其他作業主管')] },
    requirement: { kind: 'training', course_kinds: [...IN_SERVICE], min_hours: 6 },
    timing: { kind: 'every', months: 36 },
  },
  {
    key: 'training-operator-3y3h',
    version: 1,
    source: 'pack',
    title: words('操作人員在職教育訓練', 'In-service training: operators'),
    requires: words(
      '危險性機械或設備操作人員、特殊作業人員、急救人員等（第18條第1項第7至13款）每 3 年至少 3 小時在職教育訓練',
      'Operators of dangerous machinery or equipment, special work operators, first aiders and the others of art. 18 ¶1 items 7–13 take at least 3 hours of in-service training every 3 years',
    ),
    citation: cite('職業安全衛生教育訓練規則第18、19條', 'OSH Education and Training Rules arts. 18–19', law(TRAINING_RULES, '18–19')),
    applies: {
      site_roles: role('operator', '操作人員'),
      job_titles: ['危險性機械操作人員', '危險性設備操作人員', '特殊作業人員', '急救人員'],
    },
    requirement: { kind: 'training', course_kinds: ['in_service'], min_hours: 3 },
    timing: { kind: 'every', months: 36 },
  },
  {
    key: 'supervisor-qualification',
    version: 1,
    source: 'pack',
    title: words('作業主管資格', 'Work supervisor qualification'),
    requires: words(
      '擔任擋土支撐、露天開挖、模板支撐、隧道挖掘、隧道襯砌、施工架組配、鋼構組配、屋頂作業主管者，應先完成相應之作業主管安全衛生教育訓練',
      'A worker in a supervising role (shoring, open excavation, formwork, tunnel excavation, tunnel lining, scaffolding, steel structure, roofing) holds the matching supervisor training certificate',
    ),
    citation: cite('職業安全衛生教育訓練規則第10條', 'OSH Education and Training Rules art. 10', law(TRAINING_RULES, '10')),
    applies: { site_roles: supervisingRoles },
    requirement: { kind: 'training', course_kinds: ['supervisor'], subject_by_site_role: supervisingSubjects },
    timing: { kind: 'before_work' },
  },
  {
    key: 'site-director-refresher',
    version: 1,
    source: 'pack',
    title: words('工地主任回訓', 'Site director refresher training'),
    requires: words(
      '工地主任應持有執業證，並每 4 年取得回訓證明',
      'A site director holds a practice certificate and a refresher certificate every 4 years',
    ),
    citation: cite(
      '營造業法第31條第3項；營造業工地主任評定回訓及管理辦法第7條',
      'Construction Industry Act art. 31 ¶3; Regulations on Site Director Assessment, Refresher Training and Management art. 7',
      law(CONSTRUCTION_ACT, '31 ¶3'),
      law(DIRECTOR_RULES, '7'),
    ),
    applies: { site_roles: role('site_director', '工地主任'), job_titles: ['工地主任'] },
    requirement: { kind: 'certificate', type_names: ['工地主任回訓證明', '工地主任回訓', '工地主任執業證'] },
    timing: { kind: 'every', months: 48 },
  },
  {
    key: 'engineer-departure-report',
    version: 1,
    source: 'pack',
    title: words('專任工程人員離職報備', 'Registered engineer departure report'),
    requires: words(
      '專任工程人員離職或因故不能執行業務時，應於 15 日內報請主管機關備查',
      'When a registered engineer leaves or can no longer work, report it to the authority within 15 days',
    ),
    citation: cite(
      '營造業法第40條；營造業法施行細則第20條',
      'Construction Industry Act art. 40; its Enforcement Rules art. 20',
      law(CONSTRUCTION_ACT, '40'),
      law('營造業法施行細則', '20'),
    ),
    applies: { site_roles: role('registered_engineer', '專任工程人員'), job_titles: ['專任工程人員'] },
    requirement: { kind: 'departure_report' },
    timing: { kind: 'within_days_of_departure', days: 15 },
  },
  {
    key: 'engineer-refresher',
    version: 1,
    source: 'pack',
    title: words('專任工程人員回訓', 'Registered engineer refresher training'),
    requires: words('專任工程人員每 4 年回訓', 'A registered engineer takes refresher training every 4 years'),
    citation: cite(
      '營造業法（回訓辦法待確認）',
      'Construction Industry Act (the refresher regulation to be confirmed)',
      law(CONSTRUCTION_ACT),
    ),
    applies: { site_roles: role('registered_engineer', '專任工程人員'), job_titles: ['專任工程人員'] },
    requirement: { kind: 'certificate', type_names: ['專任工程人員回訓證明', '專任工程人員回訓'] },
    timing: { kind: 'every', months: 48 },
    unconfirmed: words(
      '未能從官方法規全文確認：可能與工地主任同一回訓辦法。請公司確認後再啟用。',
      'Not confirmed from the official text: it is likely under the same refresher regulation as site directors. Switch it on once the company has confirmed it.',
    ),
  },
  {
    key: 'pre-employment-health',
    version: 1,
    source: 'pack',
    title: words('新進勞工體格檢查', 'Pre-employment physical examination'),
    requires: words('新進勞工於開始工作前完成一般體格檢查', 'A new hire has the general physical examination before starting work'),
    citation: cite('勞工健康保護規則（體格檢查）', 'Labor Health Protection Rules (pre-employment examination)', law(HEALTH_RULES)),
    requirement: { kind: 'health_check', check_kinds: ['pre_employment'] },
    timing: { kind: 'before_work', anchor: 'hire_date' },
  },
  {
    key: 'periodic-health',
    version: 1,
    source: 'pack',
    title: words('一般健康檢查', 'Periodic general health check'),
    requires: words(
      '在職勞工定期一般健康檢查：65 歲以上每年、40 至 64 歲每 3 年、未滿 40 歲每 5 年（年齡以期限當日計）',
      'A periodic general health check: every year from 65, every 3 years from 40 to 64, every 5 years under 40 (age on the due date)',
    ),
    citation: cite(
      '勞工健康保護規則（定期一般健康檢查之條文）',
      'Labor Health Protection Rules (the periodic examination article)',
      law(HEALTH_RULES),
    ),
    requirement: { kind: 'health_check', check_kinds: ['general', 'pre_employment'] },
    timing: {
      kind: 'every',
      by_age: [
        { age_min: 65, age_max: null, months: 12 },
        { age_min: 40, age_max: 64, months: 36 },
        { age_min: null, age_max: 39, months: 60 },
      ],
    },
    unconfirmed: words(
      '定期一般健康檢查之條號於各版本不同，引用前請確認現行條號。',
      'The article number of the periodic examination differs between versions of the rules: confirm the current number before citing it.',
    ),
  },
  {
    key: 'special-health',
    version: 1,
    source: 'pack',
    title: words('特殊健康檢查', 'Special health check'),
    requires: words(
      '從事特別危害健康作業（如噪音 85 分貝以上、粉塵、鉛）之勞工每年特殊健康檢查',
      'A worker in work with special health hazards (e.g. noise of 85 dBA or more, dust, lead) has a special health check every year',
    ),
    citation: cite('勞工健康保護規則（特殊健康檢查）', 'Labor Health Protection Rules (special examinations)', law(HEALTH_RULES)),
    applies: { work_kinds: ['noise', 'dust', 'lead', 'organic_solvent', 'ionizing_radiation'] },
    requirement: { kind: 'health_check', check_kinds: ['special'] },
    timing: { kind: 'every', months: 12 },
  },
  {
    key: 'health-records-retention',
    version: 1,
    source: 'pack',
    title: words('健康檢查紀錄保存', 'Keeping health check records'),
    requires: words(
      '一般健康檢查紀錄至少保存 7 年，特殊健康檢查紀錄至少保存 10 年',
      'Keep general health check records for at least 7 years, special ones for at least 10 years',
    ),
    citation: cite('勞工健康保護規則（紀錄保存）', 'Labor Health Protection Rules (record keeping)', law(HEALTH_RULES)),
    requirement: { kind: 'none' },
    timing: { kind: 'informational', topic: 'records_retention' },
    per_worker: false,
  },
  {
    key: 'labour-insurance',
    version: 1,
    source: 'pack',
    title: words('勞工保險及就業保險', 'Labour and employment insurance'),
    requires: words(
      '每位勞工（即使只做一天）於到工日當日或之前加保勞工保險及就業保險（外籍移工依法不加保就業保險）',
      'Every worker, even for one day, is enrolled in labour insurance and employment insurance on or before the first day of work (migrant workers are not covered by employment insurance)',
    ),
    citation: cite('勞工保險條例；就業保險法', 'Labor Insurance Act; Employment Insurance Act', law('勞工保險條例'), law('就業保險法')),
    requirement: { kind: 'insurance', schemes: ['labour', 'employment'], migrant_schemes: ['labour'] },
    timing: { kind: 'before_work' },
  },
  {
    key: 'occupational-accident-insurance',
    version: 1,
    source: 'pack',
    title: words('勞工職業災害保險', 'Occupational accident insurance'),
    requires: words(
      '每位勞工於到工日當日或之前加保勞工職業災害保險',
      'Every worker is enrolled in occupational accident insurance on or before the first day of work',
    ),
    citation: cite('勞工職業災害保險及保護法', 'Labor Occupational Accident Insurance and Protection Act', law('勞工職業災害保險及保護法')),
    requirement: { kind: 'insurance', schemes: ['occupational_accident'] },
    timing: { kind: 'before_work' },
  },
  {
    key: 'migrant-permit',
    version: 1,
    source: 'pack',
    title: words('聘僱許可', 'Employment permit'),
    requires: words(
      '外籍移工之聘僱許可須有效（最長 3 年；重大工程得延長至多 6 個月），到期前 60 日提醒',
      "A migrant worker's employment permit is valid (up to 3 years; for major public works an extension of at most 6 months); warned 60 days before its end",
    ),
    citation: cite('就業服務法第52條', 'Employment Service Act art. 52', law('就業服務法', '52')),
    applies: { migrant: true },
    requirement: { kind: 'migrant_document', document: 'permit' },
    timing: { kind: 'valid_until', warn_days: 60 },
  },
  {
    key: 'migrant-residence',
    version: 1,
    source: 'pack',
    title: words('居留證', 'Resident certificate'),
    requires: words(
      '外籍移工之居留證須有效（到期亦終止健保資格），到期前 60 日提醒',
      "A migrant worker's resident certificate is valid (its end also ends national health insurance); warned 60 days before its end",
    ),
    citation: cite('入出國及移民法', 'Immigration Act', law('入出國及移民法')),
    applies: { migrant: true },
    requirement: { kind: 'migrant_document', document: 'residence_permit' },
    timing: { kind: 'valid_until', warn_days: 60 },
  },
  {
    key: 'migrant-passport',
    version: 1,
    source: 'pack',
    title: words('護照效期', 'Passport validity'),
    requires: words('外籍移工之護照效期須超過 6 個月', "A migrant worker's passport is valid for more than 6 months"),
    citation: cite('實務慣例（換發）', 'Common practice for renewal', law('入出國及移民法')),
    applies: { migrant: true },
    requirement: { kind: 'migrant_document', document: 'passport' },
    timing: { kind: 'valid_until', warn_days: 60, min_remaining_months: 6 },
    unconfirmed: words(
      '此為換發之實務慣例，未能確認為法定義務。請公司確認後再啟用。',
      'This is common practice for renewal, not confirmed as a legal rule. Switch it on once the company has confirmed it.',
    ),
  },
  {
    key: 'migrant-health-6-18-30',
    version: 1,
    source: 'pack',
    title: words('移工入境後定期健康檢查', 'Migrant worker health checks after entry'),
    requires: words(
      '外籍移工於入境滿 6、18、30 個月之前後 30 日內接受健康檢查',
      'A migrant worker has a health check at 6, 18 and 30 months after the date of entry, each within 30 days either side',
    ),
    citation: cite(
      '受聘僱外國人健康檢查管理辦法',
      'Regulations on Health Examinations of Employed Foreigners',
      law('受聘僱外國人健康檢查管理辦法'),
    ),
    applies: { migrant: true },
    requirement: { kind: 'health_check', check_kinds: ['migrant'] },
    timing: { kind: 'windows_after_entry', months: [6, 18, 30], tolerance_days: 30 },
  },
  {
    key: 'site-entry-control',
    version: 1,
    source: 'pack',
    title: words('工地人員進場管制', 'Site entry control'),
    requires: words(
      '有協力廠商之工地，原事業單位（主承攬人）應管制人員之進場',
      'The main contractor of a site with subcontractors controls who enters the site',
    ),
    citation: cite(
      '職業安全衛生法第27條（2025-12-02 修正）；營造安全衛生設施標準第11條',
      'Occupational Safety and Health Act art. 27 (as amended 2025-12-02); Construction Safety and Health Facilities Standards art. 11',
      law(OSH_ACT, '27'),
      law('營造安全衛生設施標準', '11'),
    ),
    requirement: { kind: 'none' },
    timing: { kind: 'informational', topic: 'site_entry_control' },
    per_worker: false,
    unconfirmed: words(
      '第27條條文係依法規彙編版本讀取，請對照官方公布之條文確認。',
      'Article 27 was read from a consolidated copy: confirm it against the official text.',
    ),
  },
];

export const TAIWAN_PACK = rulePackSchema.parse({ key: 'taiwan', version: TAIWAN_PACK_VERSION, rules });
