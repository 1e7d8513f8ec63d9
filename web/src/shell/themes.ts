/** The 11 named themes (spec §2): colours of the sidebar, header and tabs, applied through antd tokens. */
export interface ShellTheme {
  name: string;
  siderBg: string;
  siderText: string;
  siderActiveBg: string;
  siderActiveText: string;
  logoBg: string;
  /** The product title's colour on logoBg. */
  logoText: string;
  headerBg: string;
  headerText: string;
  tabsBg: string;
  contentBg: string;
  /** Light sidebar menus use antd's light menu. */
  lightMenu: boolean;
  /** Whole-app dark algorithm. */
  dark: boolean;
}

const base = {
  siderActiveText: '#ffffff',
  logoText: '#ffffff',
  tabsBg: '#ffffff',
  contentBg: '#f0f2f5',
  lightMenu: false,
  dark: false,
};

export const themes: ShellTheme[] = [
  {
    ...base,
    name: 'theme-default',
    siderBg: '#20222a',
    siderText: 'rgba(255,255,255,0.72)',
    siderActiveBg: '#409EFF',
    logoBg: '#20222a',
    headerBg: '#ffffff',
    headerText: '#1f2329',
  },
  {
    ...base,
    name: 'theme-white',
    siderBg: '#ffffff',
    siderText: '#333333',
    siderActiveBg: '#e8f3ff',
    siderActiveText: '#409EFF',
    logoBg: '#ffffff',
    logoText: '#333333',
    headerBg: '#ffffff',
    headerText: '#333333',
    lightMenu: true,
  },
  {
    ...base,
    name: 'theme-dark',
    siderBg: '#191a23',
    siderText: 'rgba(255,255,255,0.65)',
    siderActiveBg: '#2b2d3a',
    logoBg: '#13141b',
    headerBg: '#191a23',
    headerText: '#e6e6e6',
    tabsBg: '#1f2029',
    contentBg: '#101116',
    dark: true,
  },
  {
    ...base,
    name: 'theme-star',
    siderBg: '#0b1a33',
    siderText: '#bcd4ff',
    siderActiveBg: '#1e3a6d',
    logoBg: '#081327',
    headerBg: '#13294b',
    headerText: '#e8f0ff',
    contentBg: '#eef3fb',
  },
  {
    ...base,
    name: 'theme-smart',
    siderBg: '#2d3a4b',
    siderText: '#bfcbd9',
    siderActiveBg: '#1f2d3d',
    siderActiveText: '#409EFF',
    logoBg: '#263445',
    headerBg: '#ffffff',
    headerText: '#2d3a4b',
  },
  {
    ...base,
    name: 'theme-iview',
    siderBg: '#001529',
    siderText: 'rgba(255,255,255,0.65)',
    siderActiveBg: '#2d8cf0',
    logoBg: '#002140',
    headerBg: '#ffffff',
    headerText: '#515a6e',
  },
  {
    ...base,
    name: 'theme-vip',
    siderBg: '#1b1b1b',
    siderText: '#d9c08b',
    siderActiveBg: '#3a301c',
    siderActiveText: '#f5d28a',
    logoBg: '#111111',
    headerBg: '#1b1b1b',
    headerText: '#f5d28a',
    tabsBg: '#fdf8ec',
  },
  {
    ...base,
    name: 'theme-cool',
    siderBg: '#4b3f9e',
    siderText: '#e4e0ff',
    siderActiveBg: '#6a5acd',
    logoBg: '#3d3285',
    headerBg: '#6a5acd',
    headerText: '#ffffff',
    contentBg: '#f3f1ff',
  },
  {
    ...base,
    name: 'theme-d2',
    siderBg: '#ebf1f6',
    siderText: '#2c3e50',
    siderActiveBg: '#d4e2ee',
    siderActiveText: '#2f74ff',
    logoBg: '#ebf1f6',
    logoText: '#2c3e50',
    headerBg: '#ebf1f6',
    headerText: '#2c3e50',
    tabsBg: '#f4f8fb',
    lightMenu: true,
  },
  {
    ...base,
    name: 'theme-hey',
    siderBg: '#ffffff',
    siderText: '#3c4858',
    siderActiveBg: '#fff0e6',
    siderActiveText: '#ff7a45',
    logoBg: '#2e3f51',
    headerBg: '#2e3f51',
    headerText: '#ffffff',
    lightMenu: true,
  },
  {
    ...base,
    name: 'theme-lte',
    siderBg: '#222d32',
    siderText: '#b8c7ce',
    siderActiveBg: '#1e282c',
    // AdminLTE's blues, darkened just enough for white text to read (AA)
    logoBg: '#2f6d91',
    headerBg: '#357da7',
    headerText: '#ffffff',
    contentBg: '#ecf0f5',
  },
];

export const themeNames = themes.map((x) => x.name);

export function findTheme(name: string): ShellTheme {
  return themes.find((x) => x.name === name) ?? (themes[0] as ShellTheme);
}
