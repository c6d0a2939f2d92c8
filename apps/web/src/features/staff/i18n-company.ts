import { addTranslations } from '../../i18n/index.ts';

/** Issue 38: a staff's company (the organization or a 協力廠商), nationality and entry date; imports for a contractor. */
addTranslations('staff', {
  'zh-TW': {
    company: '公司',
    ownCompany: '本公司',
    allCompanies: '全部公司',
    companyHint: '協力廠商的人員請選擇其廠商；本公司人員留空',
    nationality: '國籍',
    nationalities: { TW: '中華民國（台灣）', ID: '印尼', VN: '越南', PH: '菲律賓', TH: '泰國', MY: '馬來西亞', MN: '蒙古', IN: '印度' },
    nationalityHint: '非本國籍即為移工，適用移工的健康檢查等規定',
    enteredTaiwanOn: '入境日',
    enteredTaiwanOnHint: '移工的定期健康檢查從入境日起算',
    departureReportedOn: '離職報備日',
    importCompany: '匯入對象',
    importCompanyHint: '選擇協力廠商時，每一列都成為該廠商的人員',
  },
  'en-US': {
    company: 'Company',
    ownCompany: 'Our company',
    allCompanies: 'All companies',
    companyHint: "A subcontractor's worker: choose the subcontractor; empty for our own staff",
    nationality: 'Nationality',
    nationalities: {
      TW: 'Taiwan (ROC)',
      ID: 'Indonesia',
      VN: 'Vietnam',
      PH: 'Philippines',
      TH: 'Thailand',
      MY: 'Malaysia',
      MN: 'Mongolia',
      IN: 'India',
    },
    nationalityHint: 'Anyone not Taiwanese is a migrant worker, with the migrant health checks',
    enteredTaiwanOn: 'Entered Taiwan on',
    enteredTaiwanOnHint: "A migrant worker's periodic health checks count from this day",
    departureReportedOn: 'Departure reported on',
    importCompany: 'Import for',
    importCompanyHint: "With a subcontractor chosen, every row becomes that subcontractor's worker",
  },
});

/** Nationalities the form offers first (ISO 3166-1 alpha-2); the server takes any two letters. */
export const NATIONALITIES = ['TW', 'ID', 'VN', 'PH', 'TH', 'MY', 'MN', 'IN'] as const;
