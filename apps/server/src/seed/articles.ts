/** Demo news shipped with the product, in each language; replaced by the operator's own later. */
export const DEMO_TABS = [
  { zh: '平台公告', tw: '平台公告', en: 'Announcements', vi: 'Thông báo' },
  { zh: '玩法攻略', tw: '玩法攻略', en: 'Guides', vi: 'Hướng dẫn' },
];

interface DemoArticle {
  tab: number;
  lang: 'zh' | 'tw' | 'en' | 'vi';
  title: string;
  content: string;
  isTop: boolean;
}

const fairness = {
  zh: ['每一期开奖都可验证', '<p>每一期的开奖结果在下注开始前就已承诺（公布哈希），开奖后公布种子，任何人都可以在“公平验证”页面重新计算。</p>'],
  tw: ['每一期開獎都可驗證', '<p>每一期的開獎結果在下注開始前就已承諾（公布雜湊），開獎後公布種子，任何人都可以在「公平驗證」頁面重新計算。</p>'],
  en: ['Every draw can be verified', '<p>Each round’s result is committed to (its hash is published) before betting opens. After the draw the seed is revealed and anyone can recompute the numbers on the fairness page.</p>'],
  vi: ['Mọi kỳ quay đều kiểm chứng được', '<p>Kết quả mỗi kỳ được cam kết (công bố mã băm) trước khi mở cược. Sau khi quay, hạt giống được công bố và ai cũng có thể tính lại trên trang minh bạch.</p>'],
} as const;

const howTo = {
  zh: ['28玩法入门', '<p>每期开出20个号码，按顺序分成三组，每组求和取个位数，三个数字相加即为总和（0–27）。</p><ul><li>大：14–27；小：0–13</li><li>极大：22–27；极小：0–5</li></ul>'],
  tw: ['28玩法入門', '<p>每期開出20個號碼，按順序分成三組，每組求和取個位數，三個數字相加即為總和（0–27）。</p><ul><li>大：14–27；小：0–13</li><li>極大：22–27；極小：0–5</li></ul>'],
  en: ['Getting started with 28', '<p>Each round draws 20 numbers. They are split into three groups in order; the last digit of each group’s sum gives three digits, and their total (0–27) decides the bets.</p><ul><li>Big: 14–27; small: 0–13</li><li>Extreme big: 22–27; extreme small: 0–5</li></ul>'],
  vi: ['Làm quen với 28', '<p>Mỗi kỳ quay 20 số, chia theo thứ tự thành ba nhóm; chữ số cuối của tổng mỗi nhóm cho ba chữ số, tổng của chúng (0–27) quyết định kết quả.</p><ul><li>Lớn: 14–27; nhỏ: 0–13</li><li>Cực lớn: 22–27; cực nhỏ: 0–5</li></ul>'],
} as const;

const langs = ['zh', 'tw', 'en', 'vi'] as const;

export const DEMO_ARTICLES: DemoArticle[] = langs.flatMap((lang) => [
  { tab: 0, lang, title: fairness[lang][0], content: fairness[lang][1], isTop: true },
  { tab: 1, lang, title: howTo[lang][0], content: howTo[lang][1], isTop: false },
]);
