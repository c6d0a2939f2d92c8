/**
 * What the company's rows are made of (issue 40): zh-TW names, 台北/新北 addresses, phone numbers, valid
 * national ids, site names and certificate types of a Taiwanese construction company. Every value is a
 * function of a row number, so a rerun seeds the same company.
 */

export const pick = <T>(list: readonly T[], i: number): T => list[((i % list.length) + list.length) % list.length]!;

/** A spread of i over [0, n): neighbouring rows do not get neighbouring values. */
export const spread = (i: number, n: number, salt = 0): number => Math.floor(((((i + salt) * 2654435761) % 4294967296) / 4294967296) * n);

const SURNAMES = [
  '陳',
  '林',
  '黃',
  '張',
  '李',
  '王',
  '吳',
  '劉',
  '蔡',
  '楊',
  '許',
  '鄭',
  '謝',
  '郭',
  '洪',
  '曾',
  '邱',
  '廖',
  '賴',
  '周',
  '徐',
  '蘇',
  '葉',
  '莊',
  '呂',
  '江',
  '何',
  '蕭',
  '羅',
  '高',
];
const GIVEN_FIRST = [
  '志',
  '家',
  '俊',
  '建',
  '明',
  '文',
  '冠',
  '宗',
  '承',
  '柏',
  '雅',
  '淑',
  '美',
  '怡',
  '佳',
  '秀',
  '宜',
  '欣',
  '嘉',
  '信',
  '國',
  '正',
  '世',
  '聖',
  '育',
  '彥',
  '振',
  '耀',
  '子',
  '詩',
];
const GIVEN_SECOND = [
  '明',
  '豪',
  '宏',
  '偉',
  '傑',
  '誠',
  '翰',
  '廷',
  '銘',
  '華',
  '婷',
  '芬',
  '玲',
  '君',
  '慧',
  '萍',
  '真',
  '如',
  '穎',
  '安',
  '雄',
  '忠',
  '賢',
  '德',
  '勳',
  '霖',
  '瑋',
  '鈞',
  '峰',
  '涵',
];
const MIGRANT_NAMES = [
  'NGUYEN VAN AN',
  'TRAN VAN BINH',
  'LE THI HOA',
  'PHAM VAN DUC',
  'SITI RAHAYU',
  'BUDI SANTOSO',
  'SOMCHAI KAEW',
  'JUAN DELA CRUZ',
];

/** A worker's name; `migrant` ones are written as on their passport. */
export function personName(i: number, migrant = false): string {
  if (migrant) return `${pick(MIGRANT_NAMES, i)} ${String.fromCharCode(65 + (i % 26))}`;
  return `${pick(SURNAMES, i)}${pick(GIVEN_FIRST, spread(i, GIVEN_FIRST.length, 7))}${pick(GIVEN_SECOND, spread(i, GIVEN_SECOND.length, 13))}`;
}

const LETTER_CODES = 'ABCDEFGHJKLMNPQRSTUVXYWZIO';

/** A national id card number with a right check digit (A/F: 台北/新北), distinct for every i below 10^7 per letter. */
export function nationalId(i: number): string {
  const letter = i % 2 === 0 ? 'A' : 'F';
  const sex = spread(i, 2, 3) + 1;
  const body = String(Math.floor(i / 2) % 10_000_000).padStart(7, '0');
  const code = LETTER_CODES.indexOf(letter) + 10;
  const digits = [sex, ...body.split('').map(Number)];
  const weights = [8, 7, 6, 5, 4, 3, 2, 1];
  let sum = Math.floor(code / 10) + (code % 10) * 9;
  for (let k = 0; k < 8; k++) sum += digits[k]! * weights[k]!;
  return `${letter}${sex}${body}${(10 - (sum % 10)) % 10}`;
}

export const mobile = (i: number): string => `09${String(10_000_000 + ((i * 7919) % 89_999_999)).padStart(8, '0')}`;
export const landline = (i: number): string => `02${String(20_000_000 + ((i * 104_729) % 79_999_999)).padStart(8, '0')}`;

const DISTRICTS = [
  '臺北市大安區',
  '臺北市信義區',
  '臺北市中山區',
  '臺北市內湖區',
  '臺北市士林區',
  '臺北市文山區',
  '新北市板橋區',
  '新北市新莊區',
  '新北市中和區',
  '新北市永和區',
  '新北市三重區',
  '新北市新店區',
  '新北市土城區',
  '新北市汐止區',
  '新北市林口區',
  '新北市淡水區',
];
const ROADS = [
  '忠孝東路',
  '復興南路',
  '民生東路',
  '中山北路',
  '文化路',
  '中正路',
  '民族路',
  '四維路',
  '重新路',
  '中華路',
  '建國路',
  '和平東路',
];

export function address(i: number): string {
  return `${pick(DISTRICTS, spread(i, DISTRICTS.length, 1))}${pick(ROADS, spread(i, ROADS.length, 2))}${1 + (i % 3)}段${1 + spread(i, 300, 5)}號${1 + (i % 12)}樓`;
}

export const district = (i: number): string => pick(DISTRICTS, i);

const COMPANY_WORDS = [
  '大安',
  '信義',
  '永豐',
  '長虹',
  '國泰',
  '冠德',
  '華固',
  '遠雄',
  '興富發',
  '潤泰',
  '皇翔',
  '三圓',
  '宏盛',
  '昇陽',
  '達欣',
  '互助',
  '泛亞',
  '榮工',
  '中鼎',
  '福清',
];

export function organizationName(i: number): string {
  return i === 0
    ? '大安營造股份有限公司'
    : `${pick(COMPANY_WORDS, i)}${['營造', '建設', '工程'][i % 3]}股份有限公司 ${String(i + 1).padStart(3, '0')}`;
}

const TRADES = ['鋼筋', '模板', '水電', '泥作', '鷹架', '油漆', '機電', '空調', '帷幕', '防水', '土方', '吊裝'];

export const contractorName = (org: number, k: number): string => `${pick(TRADES, k)}工程行 ${org + 1}-${k + 1}`;

const PROJECTS = [
  '住宅新建工程',
  '商辦大樓新建工程',
  '捷運聯合開發案',
  '社會住宅新建工程',
  '廠房擴建工程',
  '校舍改建工程',
  '都更重建工程',
  '停車場新建工程',
];

export function siteName(i: number): string {
  return `${pick(DISTRICTS, spread(i, DISTRICTS.length, 11)).slice(3)}${pick(PROJECTS, spread(i, PROJECTS.length, 17))} 第${i + 1}案`;
}

/** The certificate types every organization keeps (its own list; the first three are everyone's). */
export const CERTIFICATE_TYPES = [
  { name: '一般安全衛生教育訓練', years: 3 },
  { name: '營造業甲種職業安全衛生業務主管', years: 2 },
  { name: '施工架作業主管', years: 3 },
  { name: '模板支撐作業主管', years: 3 },
  { name: '露天開挖作業主管', years: 3 },
  { name: '鋼構組配作業主管', years: 3 },
  { name: '營造業工地主任', years: 4 },
  { name: '移動式起重機操作人員', years: 3 },
  { name: '高空工作車操作人員', years: 3 },
  { name: '有機溶劑作業主管', years: 3 },
] as const;

export const JOB_TITLES = [
  '工地主任',
  '職安管理員',
  '現場工程師',
  '領班',
  '技術士',
  '鋼筋工',
  '模板工',
  '水電技師',
  '泥作師傅',
  '雜工',
  '吊車操作手',
  '品管人員',
];

const PHOTO_SUBJECTS = [
  '基礎開挖',
  '鋼筋綁紮',
  '模板組立',
  '混凝土澆置',
  '鷹架搭設',
  '外牆施工',
  '機電配管',
  '完工驗收',
  '安全巡檢',
  '工地全景',
];
export const photoTitle = (i: number): string => `${pick(PHOTO_SUBJECTS, i)} ${String(i + 1).padStart(5, '0')}`;

const PRODUCT_WORDS = ['防滑安全鞋', '安全帽', '反光背心', '全身式安全帶', '防墜器', '工作手套', '護目鏡', '耳罩', '施工圍籬', '警示燈'];
export const productName = (i: number): string => `${pick(PRODUCT_WORDS, i)} 型號${String(i + 1).padStart(4, '0')}`;

const ARTICLE_WORDS = ['工安週報', '施工紀實', '得獎消息', '徵才公告', '技術分享', '社區活動'];
export const pageTitle = (i: number): string => `${pick(ARTICLE_WORDS, i)}：第 ${i + 1} 則`;
