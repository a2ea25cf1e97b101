/**
 * The demo catalogue's product pictures: simple flat illustrations drawn here, in code, for this project (no image
 * is copied from anywhere). Each is a 400x400 SVG with a tinted backdrop; they contain no script and no external
 * reference, and are served as static, cacheable files.
 */
const INK = '#1f2937';
const PALE = '#f9fafb';

interface Look {
  backdrop: string;
  accent: string;
}

const looks = {
  electronics: { backdrop: '#e0e7ff', accent: '#4f46e5' },
  clothing: { backdrop: '#fce7f3', accent: '#db2777' },
  home: { backdrop: '#dcfce7', accent: '#16a34a' },
  sports: { backdrop: '#ffedd5', accent: '#ea580c' },
  beauty: { backdrop: '#fae8ff', accent: '#a21caf' },
  books: { backdrop: '#fef9c3', accent: '#ca8a04' },
  toys: { backdrop: '#cffafe', accent: '#0891b2' },
  automotive: { backdrop: '#e5e7eb', accent: '#dc2626' },
} satisfies Record<string, Look>;

function frame(look: Look, body: (accent: string) => string): string {
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img">',
    `<rect width="400" height="400" fill="${look.backdrop}"/>`,
    `<circle cx="200" cy="200" r="150" fill="${PALE}" opacity="0.7"/>`,
    body(look.accent),
    '</svg>',
  ].join('');
}

const drawings: Record<string, [Look, (accent: string) => string]> = {
  headphones: [
    looks.electronics,
    (a) =>
      `<path d="M110 230 v-40 a90 90 0 0 1 180 0 v40" fill="none" stroke="${INK}" stroke-width="18" stroke-linecap="round"/>` +
      `<rect x="88" y="215" width="52" height="85" rx="20" fill="${a}"/><rect x="260" y="215" width="52" height="85" rx="20" fill="${a}"/>`,
  ],
  smartphone: [
    looks.electronics,
    (a) =>
      `<rect x="135" y="70" width="130" height="260" rx="22" fill="${INK}"/><rect x="147" y="92" width="106" height="206" rx="8" fill="${a}"/>` +
      `<circle cx="200" cy="314" r="7" fill="${PALE}"/>`,
  ],
  laptop: [
    looks.electronics,
    (a) =>
      `<rect x="95" y="105" width="210" height="140" rx="10" fill="${INK}"/><rect x="108" y="118" width="184" height="114" fill="${a}"/>` +
      `<path d="M70 255 h260 l-20 30 h-220 z" fill="${INK}"/>`,
  ],
  earbuds: [
    looks.electronics,
    (a) =>
      `<rect x="120" y="200" width="160" height="100" rx="45" fill="${PALE}" stroke="${INK}" stroke-width="8"/>` +
      `<circle cx="165" cy="165" r="30" fill="${a}"/><rect x="158" y="165" width="14" height="60" rx="7" fill="${a}"/>` +
      `<circle cx="235" cy="165" r="30" fill="${a}"/><rect x="228" y="165" width="14" height="60" rx="7" fill="${a}"/>`,
  ],
  television: [
    looks.electronics,
    (a) =>
      `<rect x="70" y="95" width="260" height="165" rx="10" fill="${INK}"/><rect x="82" y="107" width="236" height="141" fill="${a}"/>` +
      `<rect x="185" y="260" width="30" height="30" fill="${INK}"/><rect x="140" y="288" width="120" height="12" rx="6" fill="${INK}"/>`,
  ],
  camera: [
    looks.electronics,
    (a) =>
      `<rect x="85" y="140" width="230" height="150" rx="18" fill="${INK}"/><rect x="120" y="118" width="70" height="30" rx="8" fill="${INK}"/>` +
      `<circle cx="200" cy="215" r="55" fill="${PALE}"/><circle cx="200" cy="215" r="40" fill="${a}"/><circle cx="280" cy="165" r="9" fill="${a}"/>`,
  ],
  smartwatch: [
    looks.electronics,
    (a) =>
      `<rect x="170" y="70" width="60" height="260" rx="18" fill="${INK}"/><rect x="140" y="140" width="120" height="120" rx="30" fill="${INK}"/>` +
      `<rect x="154" y="154" width="92" height="92" rx="20" fill="${a}"/><path d="M200 175 v25 h18" stroke="${PALE}" stroke-width="8" fill="none" stroke-linecap="round"/>`,
  ],
  sneakers: [
    looks.clothing,
    (a) =>
      `<path d="M80 270 v-55 q0-15 15-15 h50 q25 0 40 20 l20 20 q15 12 45 14 l55 6 q15 2 15 20 v10 z" fill="${a}"/>` +
      `<rect x="80" y="268" width="240" height="22" rx="8" fill="${INK}"/><path d="M150 215 l15 15 M170 205 l15 15" stroke="${PALE}" stroke-width="6"/>`,
  ],
  jacket: [
    looks.clothing,
    (a) =>
      `<path d="M160 90 h80 l70 40 l-20 60 l-25 -12 v140 h-150 v-140 l-25 12 l-20 -60 z" fill="${a}"/>` +
      `<path d="M200 95 v220" stroke="${INK}" stroke-width="6"/><path d="M160 90 l40 40 l40 -40" fill="none" stroke="${INK}" stroke-width="6"/>`,
  ],
  kurta: [
    looks.clothing,
    (a) =>
      `<path d="M165 80 h70 l60 35 l-15 70 l-20 -8 v150 h-120 v-150 l-20 8 l-15 -70 z" fill="${a}"/>` +
      `<path d="M200 85 v60" stroke="${PALE}" stroke-width="6"/><circle cx="200" cy="165" r="5" fill="${PALE}"/><circle cx="200" cy="185" r="5" fill="${PALE}"/>` +
      `<path d="M140 300 h120" stroke="${INK}" stroke-width="6" stroke-dasharray="10 8"/>`,
  ],
  tshirt: [
    looks.clothing,
    (a) =>
      `<path d="M165 95 q35 25 70 0 l70 35 l-25 55 l-30 -12 v130 h-120 v-130 l-30 12 l-25 -55 z" fill="${a}"/>` +
      `<rect x="215" y="150" width="30" height="22" rx="4" fill="${PALE}"/>`,
  ],
  'pressure-cooker': [
    looks.home,
    (a) =>
      `<rect x="110" y="170" width="180" height="120" rx="25" fill="${a}"/><rect x="100" y="150" width="200" height="28" rx="12" fill="${INK}"/>` +
      `<rect x="290" y="152" width="80" height="18" rx="9" fill="${INK}"/><rect x="190" y="120" width="20" height="32" rx="6" fill="${INK}"/>`,
  ],
  'mixer-grinder': [
    looks.home,
    (a) =>
      `<path d="M150 90 h100 l-12 120 h-76 z" fill="${PALE}" stroke="${INK}" stroke-width="8"/><rect x="140" y="75" width="120" height="20" rx="8" fill="${INK}"/>` +
      `<rect x="125" y="210" width="150" height="95" rx="18" fill="${a}"/><circle cx="200" cy="258" r="18" fill="${PALE}"/>`,
  ],
  plant: [
    looks.home,
    (a) =>
      `<path d="M200 230 q-10-90 -40-140 q50 40 40 140 q5-110 45-150 q-20 70 -45 150" fill="${a}"/>` +
      `<path d="M150 230 h100 l-15 80 h-70 z" fill="${INK}"/>`,
  ],
  'desk-lamp': [
    looks.home,
    (a) =>
      `<rect x="130" y="295" width="110" height="16" rx="8" fill="${INK}"/><path d="M185 295 l-30 -100 l70 -60" fill="none" stroke="${INK}" stroke-width="12" stroke-linecap="round"/>` +
      `<path d="M200 120 l70 -20 l25 60 z" fill="${a}"/><circle cx="275" cy="175" r="14" fill="#fde047"/>`,
  ],
  'cricket-bat': [
    looks.sports,
    (a) =>
      `<rect x="185" y="70" width="30" height="90" rx="10" fill="${INK}"/><path d="M170 160 h60 v150 q0 20 -30 20 q-30 0 -30 -20 z" fill="#d6a76c"/>` +
      `<circle cx="290" cy="290" r="26" fill="${a}"/><path d="M268 280 q22 10 44 0" stroke="${PALE}" stroke-width="4" fill="none"/>`,
  ],
  'yoga-mat': [
    looks.sports,
    (a) =>
      `<rect x="90" y="150" width="220" height="110" rx="10" fill="${a}"/><circle cx="110" cy="205" r="55" fill="${a}" stroke="${INK}" stroke-width="6"/>` +
      `<circle cx="110" cy="205" r="30" fill="none" stroke="${INK}" stroke-width="6"/>`,
  ],
  backpack: [
    looks.sports,
    (a) =>
      `<path d="M165 110 q35 -40 70 0" fill="none" stroke="${INK}" stroke-width="12"/><rect x="125" y="110" width="150" height="200" rx="40" fill="${a}"/>` +
      `<rect x="150" y="215" width="100" height="70" rx="14" fill="${INK}" opacity="0.85"/>`,
  ],
  flask: [
    looks.sports,
    (a) =>
      `<rect x="165" y="75" width="70" height="35" rx="10" fill="${INK}"/><rect x="150" y="105" width="100" height="215" rx="30" fill="${a}"/>` +
      `<rect x="150" y="180" width="100" height="30" fill="${PALE}" opacity="0.8"/>`,
  ],
  serum: [
    looks.beauty,
    (a) =>
      `<rect x="185" y="85" width="30" height="45" rx="12" fill="${INK}"/><rect x="175" y="125" width="50" height="20" fill="${INK}"/>` +
      `<rect x="150" y="140" width="100" height="170" rx="16" fill="${a}"/><rect x="165" y="190" width="70" height="60" rx="6" fill="${PALE}"/>`,
  ],
  trimmer: [
    looks.beauty,
    (a) =>
      `<rect x="170" y="120" width="60" height="200" rx="28" fill="${a}"/><rect x="160" y="85" width="80" height="45" rx="8" fill="${INK}"/>` +
      `<path d="M165 88 v-12 M180 88 v-12 M195 88 v-12 M210 88 v-12 M225 88 v-12" stroke="${INK}" stroke-width="5"/><circle cx="200" cy="190" r="12" fill="${PALE}"/>`,
  ],
  perfume: [
    looks.beauty,
    (a) =>
      `<rect x="180" y="95" width="40" height="40" rx="6" fill="${INK}"/><rect x="130" y="135" width="140" height="170" rx="24" fill="${a}" opacity="0.9"/>` +
      `<rect x="160" y="185" width="80" height="55" rx="6" fill="${PALE}"/>`,
  ],
  'hair-oil': [
    looks.beauty,
    (a) =>
      `<path d="M180 90 h40 v40 q40 20 40 60 v110 q0 20 -20 20 h-80 q-20 0 -20 -20 v-110 q0 -40 40 -60 z" fill="${a}"/>` +
      `<rect x="175" y="80" width="50" height="22" rx="6" fill="${INK}"/><rect x="160" y="210" width="80" height="60" rx="6" fill="${PALE}"/>`,
  ],
  book: [
    looks.books,
    (a) =>
      `<rect x="125" y="80" width="160" height="230" rx="8" fill="${a}"/><rect x="115" y="80" width="24" height="230" rx="6" fill="${INK}"/>` +
      `<rect x="165" y="130" width="90" height="14" rx="7" fill="${PALE}"/><rect x="165" y="155" width="60" height="10" rx="5" fill="${PALE}"/>`,
  ],
  'book-stack': [
    looks.books,
    (a) =>
      `<rect x="100" y="250" width="200" height="40" rx="6" fill="${a}"/><rect x="115" y="205" width="180" height="40" rx="6" fill="${INK}"/>` +
      `<rect x="95" y="160" width="190" height="40" rx="6" fill="#16a34a"/><rect x="120" y="115" width="160" height="40" rx="6" fill="#db2777"/>`,
  ],
  bricks: [
    looks.toys,
    (a) =>
      `<rect x="100" y="200" width="200" height="90" rx="6" fill="${a}"/><rect x="130" y="110" width="140" height="90" rx="6" fill="#f59e0b"/>` +
      `<circle cx="160" cy="105" r="14" fill="#f59e0b"/><circle cx="240" cy="105" r="14" fill="#f59e0b"/>` +
      `<circle cx="135" cy="195" r="14" fill="${a}"/><circle cx="265" cy="195" r="14" fill="${a}"/>`,
  ],
  'board-game': [
    looks.toys,
    (a) =>
      `<rect x="90" y="90" width="220" height="220" rx="10" fill="${PALE}" stroke="${INK}" stroke-width="8"/>` +
      `<rect x="130" y="130" width="140" height="140" fill="${a}" opacity="0.35"/><rect x="165" y="175" width="50" height="50" rx="8" fill="${INK}"/>` +
      `<circle cx="178" cy="188" r="5" fill="${PALE}"/><circle cx="202" cy="212" r="5" fill="${PALE}"/>`,
  ],
  'rc-car': [
    looks.toys,
    (a) =>
      `<path d="M85 250 v-35 q0-15 15-18 l40-8 l30-40 h70 l35 40 l30 6 q15 3 15 20 v35 z" fill="${a}"/>` +
      `<circle cx="140" cy="255" r="30" fill="${INK}"/><circle cx="265" cy="255" r="30" fill="${INK}"/><path d="M270 150 l30 -60" stroke="${INK}" stroke-width="6"/>`,
  ],
  dashcam: [
    looks.automotive,
    (a) =>
      `<rect x="110" y="150" width="180" height="110" rx="20" fill="${INK}"/><circle cx="200" cy="205" r="38" fill="${PALE}"/>` +
      `<circle cx="200" cy="205" r="24" fill="${a}"/><rect x="180" y="110" width="40" height="44" rx="8" fill="${INK}"/>`,
  ],
  helmet: [
    looks.automotive,
    (a) =>
      `<path d="M100 250 q0-140 110-140 q90 0 100 110 v40 z" fill="${a}"/><path d="M190 180 h115 v55 h-115 q-15 0 -15 -27 q0 -28 15 -28 z" fill="${INK}"/>` +
      `<rect x="95" y="245" width="220" height="25" rx="10" fill="${INK}"/>`,
  ],
  'tyre-inflator': [
    looks.automotive,
    (a) =>
      `<rect x="120" y="140" width="160" height="150" rx="22" fill="${a}"/><rect x="150" y="165" width="100" height="50" rx="6" fill="${INK}"/>` +
      `<path d="M280 250 q60 0 60 -60 v-40" fill="none" stroke="${INK}" stroke-width="10" stroke-linecap="round"/><rect x="165" y="110" width="70" height="34" rx="10" fill="${INK}"/>`,
  ],
  product: [
    looks.electronics,
    (a) =>
      `<rect x="120" y="130" width="160" height="150" rx="16" fill="${a}"/><path d="M120 175 h160" stroke="${PALE}" stroke-width="10"/>`,
  ],
};

const rendered = new Map(Object.entries(drawings).map(([name, [look, body]]) => [name, frame(look, body)]));

export function illustration(name: string): string | undefined {
  return rendered.get(name);
}

/** The path a product uses for one of these pictures. */
export const imagePath = (name: string) => `/product/images/${name}.svg`;
