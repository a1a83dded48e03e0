import { api, pathOf, type ApiLang } from '@lucky28/shared';

/**
 * The demo banners, drawn per language as SVG when asked for (content.art, `<design>-<lang>.svg`),
 * so that they always state the round length this server is configured with (ROUND_SECONDS).
 * Operators replace them with their own uploads in the console.
 */
export const BANNER_DESIGNS = ['fair', 'games', 'secure'] as const;
export type BannerDesign = (typeof BANNER_DESIGNS)[number];
export const BANNER_ART_RE = /^(fair|games|secure)-(zh|tw|en|vi)\.svg$/;
export const bannerArtPath = (design: BannerDesign, lang: ApiLang) => pathOf(api.content.art, { name: `${design}-${lang}.svg` });

interface Texts {
  fairLine: string;
  fairBadge: string;
  games: (seconds: number) => string;
  gameNames: string;
  secureTitle: string;
  secureLines: [string, string, string];
  alt: Record<BannerDesign, (seconds: number) => string>;
}

const TEXTS: Record<ApiLang, Texts> = {
  en: {
    fairLine: 'PROVABLY FAIR DRAWS',
    fairBadge: 'VERIFY EVERY ROUND',
    games: (s) => `5 GAMES · A ROUND EVERY ${s} s`,
    gameNames: 'AMERICA · EUROPE · KOREA · AUSTRALIA · CANADA',
    secureTitle: 'SAFE & SECURE',
    secureLines: ['✓ 6-digit security code', '✓ Encrypted passwords', '✓ Every balance change on record'],
    alt: { fair: () => 'Provably fair draws', games: (s) => `5 games, a round every ${s} seconds`, secure: () => 'Safe and secure' },
  },
  zh: {
    fairLine: '可验证的公平开奖',
    fairBadge: '每一期都可验证',
    games: (s) => `5大彩种 · 每${s}秒一期`,
    gameNames: '美国 · 欧洲 · 韩国 · 澳洲 · 加拿大',
    secureTitle: '安全可靠',
    secureLines: ['✓ 6位安全码', '✓ 密码加密存储', '✓ 每笔资金变动都有记录'],
    alt: { fair: () => '可验证的公平开奖', games: (s) => `5大彩种，每${s}秒一期`, secure: () => '安全可靠' },
  },
  tw: {
    fairLine: '可驗證的公平開獎',
    fairBadge: '每一期都可驗證',
    games: (s) => `5大彩種 · 每${s}秒一期`,
    gameNames: '美國 · 歐洲 · 韓國 · 澳洲 · 加拿大',
    secureTitle: '安全可靠',
    secureLines: ['✓ 6位安全碼', '✓ 密碼加密儲存', '✓ 每筆資金變動都有紀錄'],
    alt: { fair: () => '可驗證的公平開獎', games: (s) => `5大彩種，每${s}秒一期`, secure: () => '安全可靠' },
  },
  vi: {
    fairLine: 'KỲ QUAY CÔNG BẰNG KIỂM CHỨNG ĐƯỢC',
    fairBadge: 'KIỂM TRA MỌI KỲ',
    games: (s) => `5 TRÒ CHƠI · MỖI ${s} GIÂY MỘT KỲ`,
    gameNames: 'MỸ · CHÂU ÂU · HÀN QUỐC · ÚC · CANADA',
    secureTitle: 'AN TOÀN & BẢO MẬT',
    secureLines: ['✓ Mã bảo mật 6 số', '✓ Mật khẩu được mã hóa', '✓ Mọi thay đổi số dư đều được ghi lại'],
    alt: { fair: () => 'Kỳ quay công bằng kiểm chứng được', games: (s) => `5 trò chơi, mỗi ${s} giây một kỳ`, secure: () => 'An toàn và bảo mật' },
  },
};

/** The product's name: the same in every language. */
const BRAND = 'LUCKY 28';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const GOLD = `<linearGradient id="gold" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff4c2"/><stop offset="0.55" stop-color="#f5c542"/><stop offset="1" stop-color="#c7860e"/></linearGradient>`;
const FONT = 'font-family="Arial Black, Arial, Helvetica, \'Noto Sans CJK SC\', sans-serif" font-weight="900"';
const frame = (bg: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 750 300" width="750" height="300"><defs>${GOLD}${bg}</defs><rect width="750" height="300" fill="url(#bg)"/>${body}</svg>`;

function fair(t: Texts) {
  const ball = (x: number, y: number, r: number, n: string) =>
    `<circle cx="${x}" cy="${y}" r="${r}" fill="#ffe08a"/><text x="${x}" y="${y + r * 0.36}" font-size="${r}" fill="#8a0a1b" text-anchor="middle">${n}</text>`;
  return frame(
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#c8102e"/><stop offset="1" stop-color="#4a0610"/></linearGradient>`,
    `<g ${FONT}>${ball(545, 110, 46, '7')}${ball(650, 95, 38, '9')}${ball(610, 200, 52, '3')}</g>
<text x="48" y="120" ${FONT} font-size="68" fill="url(#gold)">${BRAND}</text>
<text x="50" y="168" ${FONT} font-size="26" fill="#ffe8a8" textLength="380" lengthAdjust="spacingAndGlyphs">${esc(t.fairLine)}</text>
<rect x="50" y="196" width="300" height="46" rx="23" fill="url(#gold)"/>
<text x="200" y="227" text-anchor="middle" ${FONT} font-size="20" fill="#7a0815">${esc(t.fairBadge)}</text>`,
  );
}

function games(t: Texts, seconds: number) {
  const badge = (x: number, fill: string, color: string, code: string) =>
    `<g transform="translate(${x} 170)"><circle r="50" fill="${fill}"/><circle r="50" fill="none" stroke="url(#gold)" stroke-width="5"/><text y="10" fill="${color}" text-anchor="middle" font-size="26">${code}</text></g>`;
  return frame(
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#3b0a14"/><stop offset="1" stop-color="#b3121f"/></linearGradient>`,
    `<text x="375" y="78" text-anchor="middle" ${FONT} font-size="40" fill="url(#gold)" textLength="660" lengthAdjust="spacingAndGlyphs">${esc(t.games(seconds))}</text>
<g ${FONT}>${badge(95, '#1f4fa8', '#fff', 'US')}${badge(235, '#1d3f91', '#ffd84d', 'EU')}${badge(375, '#f4f4f4', '#c8102e', 'KR')}${badge(515, '#0d6b3a', '#ffd84d', 'AU')}${badge(655, '#d21f2b', '#fff', 'CA')}</g>
<text x="375" y="265" text-anchor="middle" ${FONT} font-size="22" fill="#ffe8a8">${esc(t.gameNames)}</text>`,
  );
}

function secure(t: Texts) {
  return frame(
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#14213d"/><stop offset="1" stop-color="#7d0d1d"/></linearGradient>`,
    `<text x="48" y="100" ${FONT} font-size="50" fill="url(#gold)">${esc(t.secureTitle)}</text>
<g font-family="Arial, Helvetica, 'Noto Sans CJK SC', sans-serif" font-weight="700" font-size="26" fill="#ffe8a8">
<text x="52" y="158">${esc(t.secureLines[0])}</text><text x="52" y="202">${esc(t.secureLines[1])}</text><text x="52" y="246">${esc(t.secureLines[2])}</text></g>
<path d="M620 60 l70 28 v56 c0 48 -32 84 -70 100 c-38 -16 -70 -52 -70 -100 v-56 z" fill="url(#gold)"/>
<path d="M592 150 l20 20 l40 -44" stroke="#7d0d1d" stroke-width="12" fill="none" stroke-linecap="round"/>`,
  );
}

/** The SVG of one demo banner in one language, stating `roundSeconds`. */
export function bannerArt(design: BannerDesign, lang: ApiLang, roundSeconds: number): string {
  const t = TEXTS[lang];
  return design === 'fair' ? fair(t) : design === 'games' ? games(t, roundSeconds) : secure(t);
}

/** The alt text / title of a demo banner. */
export const bannerAlt = (design: BannerDesign, lang: ApiLang, roundSeconds: number) => TEXTS[lang].alt[design](roundSeconds);
