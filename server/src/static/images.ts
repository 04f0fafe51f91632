/**
 * The illustrations the seeded news use, drawn as small SVGs so the server ships no binary
 * assets. Served at /static/news/<name>.svg.
 */
interface Illustration {
  label: string;
  from: string;
  to: string;
  /** SVG shapes drawn on a 640×360 canvas, centred around (320, 160). */
  glyph: string;
}

const WHITE = 'fill="#ffffff"';
const LINE = 'fill="none" stroke="#ffffff" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"';

const ILLUSTRATIONS: Record<string, Illustration> = {
  security: {
    label: 'Account security',
    from: '#1e3a8a',
    to: '#3b82f6',
    glyph: `<path d="M320 70 L400 100 V160 C400 210 365 245 320 260 C275 245 240 210 240 160 V100 Z" ${LINE}/><path d="M285 160 L312 187 L360 135" ${LINE}/>`,
  },
  repayment: {
    label: 'Repayment',
    from: '#065f46',
    to: '#10b981',
    glyph: `<rect x="220" y="90" width="200" height="130" rx="18" ${LINE}/><line x1="220" y1="130" x2="420" y2="130" stroke="#fff" stroke-width="10"/><circle cx="380" cy="185" r="14" ${WHITE}/>`,
  },
  credit: {
    label: 'Credit',
    from: '#7c2d12',
    to: '#f97316',
    glyph: `<path d="M220 220 A100 100 0 0 1 420 220" ${LINE}/><line x1="320" y1="220" x2="370" y2="150" ${LINE}/><circle cx="320" cy="220" r="14" ${WHITE}/>`,
  },
  calendar: {
    label: 'Service hours',
    from: '#581c87',
    to: '#a855f7',
    glyph: `<rect x="230" y="90" width="180" height="150" rx="16" ${LINE}/><line x1="230" y1="135" x2="410" y2="135" stroke="#fff" stroke-width="10"/><line x1="270" y1="70" x2="270" y2="105" ${LINE}/><line x1="370" y1="70" x2="370" y2="105" ${LINE}/>`,
  },
  phone: {
    label: 'App update',
    from: '#0f172a',
    to: '#475569',
    glyph: `<rect x="270" y="60" width="100" height="190" rx="16" ${LINE}/><circle cx="320" cy="225" r="8" ${WHITE}/>`,
  },
  rates: {
    label: 'Rates',
    from: '#134e4a',
    to: '#14b8a6',
    glyph: `<line x1="250" y1="240" x2="390" y2="80" ${LINE}/><circle cx="260" cy="110" r="24" ${LINE}/><circle cx="380" cy="210" r="24" ${LINE}/>`,
  },
  education: {
    label: 'Education',
    from: '#1e40af',
    to: '#60a5fa',
    glyph: `<path d="M200 130 L320 80 L440 130 L320 180 Z" ${LINE}/><path d="M250 152 V205 C290 235 350 235 390 205 V152" ${LINE}/>`,
  },
  travel: {
    label: 'Travel',
    from: '#0c4a6e',
    to: '#38bdf8',
    glyph: `<path d="M210 190 L430 110 M300 160 L270 90 M340 145 L390 225" ${LINE}/>`,
  },
  home: {
    label: 'Home',
    from: '#78350f',
    to: '#f59e0b',
    glyph: `<path d="M220 160 L320 80 L420 160" ${LINE}/><path d="M245 145 V245 H395 V145" ${LINE}/><rect x="300" y="190" width="40" height="55" ${WHITE}/>`,
  },
  support: {
    label: 'Customer service',
    from: '#9d174d',
    to: '#f472b6',
    glyph: `<path d="M240 170 V150 A80 80 0 0 1 400 150 V170" ${LINE}/><rect x="225" y="165" width="35" height="60" rx="10" ${WHITE}/><rect x="380" y="165" width="35" height="60" rx="10" ${WHITE}/>`,
  },
  scam: {
    label: 'Fraud alert',
    from: '#7f1d1d',
    to: '#ef4444',
    glyph: `<path d="M320 70 L420 240 H220 Z" ${LINE}/><line x1="320" y1="130" x2="320" y2="185" ${LINE}/><circle cx="320" cy="212" r="8" ${WHITE}/>`,
  },
  growth: {
    label: 'Milestone',
    from: '#3f6212',
    to: '#84cc16',
    glyph: `<path d="M220 230 L280 170 L330 200 L420 100" ${LINE}/><path d="M370 100 H420 V150" ${LINE}/>`,
  },
};

export const ILLUSTRATION_NAMES = Object.keys(ILLUSTRATIONS);

/** The SVG document of an illustration, or null when there is none by that name. */
export function illustrationSvg(name: string): string | null {
  const item = Object.hasOwn(ILLUSTRATIONS, name) ? ILLUSTRATIONS[name] : null;
  if (!item) return null;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360" width="640" height="360" role="img" aria-label="${item.label}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${item.from}"/><stop offset="1" stop-color="${item.to}"/></linearGradient></defs>
<rect width="640" height="360" fill="url(#g)"/>${item.glyph}
<text x="320" y="315" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="30" font-weight="600" fill="#ffffff">${item.label}</text>
</svg>`;
}

export const illustrationPath = (name: string) => `/static/news/${name}.svg`;
