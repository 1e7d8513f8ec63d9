/** Browsers by the token their user agent names them with; the first match wins (Edge also says Chrome). */
const BROWSERS: Array<[RegExp, string]> = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/MicroMessenger\/(\d+)/, 'WeChat'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/(?:Chrome|CriOS)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[^ ]* .*Safari\//, 'Safari'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/**
 * A user agent as a person reads it ("Chrome 120 · Windows"); one no rule knows is shown as it
 * is, and none as an empty text.
 */
export function browserOf(userAgent: string | null): string {
  if (!userAgent) return '';
  const browser = BROWSERS.map(([rule, name]) => {
    const match = rule.exec(userAgent);
    return match ? `${name} ${match[1]}` : undefined;
  }).find(Boolean);
  const system = SYSTEMS.find(([rule]) => rule.test(userAgent))?.[1];
  if (!browser) return userAgent;
  return system ? `${browser} · ${system}` : browser;
}
