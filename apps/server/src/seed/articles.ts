/** Demo news shipped with the product, in each language; replaced by the operator's own later. */
export const DEMO_TABS = [
  { zh: '平台公告', tw: '平台公告', en: 'Announcements', vi: 'Thông báo' },
  { zh: '玩法攻略', tw: '玩法攻略', en: 'Guides', vi: 'Hướng dẫn' },
  { zh: '账户安全', tw: '帳戶安全', en: 'Account safety', vi: 'An toàn tài khoản' },
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
  en: [
    'Every draw can be verified',
    '<p>Each round’s result is committed to (its hash is published) before betting opens. After the draw the seed is revealed and anyone can recompute the numbers on the fairness page.</p>',
  ],
  vi: [
    'Mọi kỳ quay đều kiểm chứng được',
    '<p>Kết quả mỗi kỳ được cam kết (công bố mã băm) trước khi mở cược. Sau khi quay, hạt giống được công bố và ai cũng có thể tính lại trên trang minh bạch.</p>',
  ],
} as const;

const howTo = {
  zh: [
    '28玩法入门',
    '<p>每期开出20个号码，按顺序分成三组，每组求和取个位数，三个数字相加即为总和（0–27）。</p><ul><li>大：14–27；小：0–13</li><li>极大：22–27；极小：0–5</li></ul>',
  ],
  tw: [
    '28玩法入門',
    '<p>每期開出20個號碼，按順序分成三組，每組求和取個位數，三個數字相加即為總和（0–27）。</p><ul><li>大：14–27；小：0–13</li><li>極大：22–27；極小：0–5</li></ul>',
  ],
  en: [
    'Getting started with 28',
    '<p>Each round draws 20 numbers. They are split into three groups in order; the last digit of each group’s sum gives three digits, and their total (0–27) decides the bets.</p><ul><li>Big: 14–27; small: 0–13</li><li>Extreme big: 22–27; extreme small: 0–5</li></ul>',
  ],
  vi: [
    'Làm quen với 28',
    '<p>Mỗi kỳ quay 20 số, chia theo thứ tự thành ba nhóm; chữ số cuối của tổng mỗi nhóm cho ba chữ số, tổng của chúng (0–27) quyết định kết quả.</p><ul><li>Lớn: 14–27; nhỏ: 0–13</li><li>Cực lớn: 22–27; cực nhỏ: 0–5</li></ul>',
  ],
} as const;

const welcome = {
  zh: ['欢迎来到 Lucky28', '<p>五大彩种全天轮流开奖，注册即可参与。所有数字都是真实数据：投注动态是真实投注，中奖播报是真实中奖。</p>'],
  tw: ['歡迎來到 Lucky28', '<p>五大彩種全天輪流開獎，註冊即可參與。所有數字都是真實數據：投注動態是真實投注，中獎播報是真實中獎。</p>'],
  en: [
    'Welcome to Lucky28',
    '<p>Five games draw around the clock; register to take part. Every number you see is real: the feed shows real bets and the winners are real wins.</p>',
  ],
  vi: [
    'Chào mừng đến với Lucky28',
    '<p>Năm trò chơi quay liên tục cả ngày; đăng ký để tham gia. Mọi con số đều là thật: bảng tin là cược thật, người thắng là thắng thật.</p>',
  ],
} as const;

const service = {
  zh: ['客服与营业时间', '<p>如有任何问题，请点击页面右下角的客服按钮。每个彩种的开放时间见“游戏规则”页面。</p>'],
  tw: ['客服與營業時間', '<p>如有任何問題，請點擊頁面右下角的客服按鈕。每個彩種的開放時間見「遊戲規則」頁面。</p>'],
  en: [
    'Customer service and opening hours',
    '<p>If you have any question, tap the customer-service button at the bottom right. Each game’s opening hours are on the game rules page.</p>',
  ],
  vi: [
    'Chăm sóc khách hàng và giờ mở cửa',
    '<p>Nếu có thắc mắc, hãy bấm nút chăm sóc khách hàng ở góc dưới bên phải. Giờ mở cửa của từng trò chơi có trên trang luật chơi.</p>',
  ],
} as const;

const deposit = {
  zh: [
    '如何充值与提现',
    '<p>充值：在“充值”页转账后上传转账截图，客服审核通过后到账。</p><p>提现：绑定银行卡或钱包并设置安全码后即可申请，最低提现 100 u。</p>',
  ],
  tw: [
    '如何充值與提現',
    '<p>充值：在「充值」頁轉賬後上傳轉賬截圖，客服審核通過後到賬。</p><p>提現：綁定銀行卡或錢包並設置安全碼後即可申請，最低提現 100 u。</p>',
  ],
  en: [
    'How to deposit and withdraw',
    '<p>Deposit: transfer on the deposit page, then upload the transfer screenshot; the amount is credited once it is approved.</p><p>Withdraw: bind a bank card or wallet and set a security code; the minimum is 100 u.</p>',
  ],
  vi: [
    'Cách nạp và rút tiền',
    '<p>Nạp: chuyển khoản trên trang nạp tiền rồi tải ảnh chụp giao dịch lên; số tiền được cộng khi được duyệt.</p><p>Rút: liên kết thẻ ngân hàng hoặc ví và đặt mã bảo mật; tối thiểu 100 u.</p>',
  ],
} as const;

const trend = {
  zh: ['看懂走势图', '<p>走势图列出最近的开奖总和，并标出大小、单双、极值。它只是历史记录：每一期都是独立的随机结果。</p>'],
  tw: ['看懂走勢圖', '<p>走勢圖列出最近的開獎總和，並標出大小、單雙、極值。它只是歷史紀錄：每一期都是獨立的隨機結果。</p>'],
  en: [
    'Reading the trend chart',
    '<p>The trend chart lists recent totals and marks big/small, odd/even and the extremes. It is history only: every round is an independent random result.</p>',
  ],
  vi: [
    'Đọc biểu đồ xu hướng',
    '<p>Biểu đồ xu hướng liệt kê các tổng gần đây và đánh dấu lớn/nhỏ, lẻ/chẵn và cực trị. Đó chỉ là lịch sử: mỗi kỳ là một kết quả ngẫu nhiên độc lập.</p>',
  ],
} as const;

const code = {
  zh: ['设置安全码', '<p>每次提现都需要 6 位安全码。请在“账户信息”中设置，不要与登录密码相同，也不要告诉任何人。</p>'],
  tw: ['設置安全碼', '<p>每次提現都需要 6 位安全碼。請在「帳戶資訊」中設置，不要與登入密碼相同，也不要告訴任何人。</p>'],
  en: [
    'Set your security code',
    '<p>Every withdrawal needs your 6-digit security code. Set it under account info; do not reuse your password and never share it.</p>',
  ],
  vi: ['Đặt mã bảo mật', '<p>Mỗi lần rút tiền cần mã bảo mật 6 số. Hãy đặt trong thông tin tài khoản; đừng dùng lại mật khẩu và không chia sẻ cho ai.</p>'],
} as const;

const realName = {
  zh: ['实名认证', '<p>上传身份证正反面完成实名认证。证件照片仅本人和有权限的审核人员可见，每次查看都有记录。</p>'],
  tw: ['實名認證', '<p>上傳身份證正反面完成實名認證。證件照片僅本人和有權限的審核人員可見，每次查看都有紀錄。</p>'],
  en: [
    'Real-name verification',
    '<p>Upload both sides of your ID card to verify your name. The pictures are visible only to you and to authorised reviewers, and every view is recorded.</p>',
  ],
  vi: [
    'Xác minh danh tính',
    '<p>Tải lên hai mặt căn cước để xác minh danh tính. Ảnh chỉ bạn và người duyệt được phép xem, và mỗi lần xem đều được ghi lại.</p>',
  ],
} as const;

const responsible = {
  zh: ['理性娱乐', '<p>请只用闲钱娱乐，设定预算并适时休息。如果感觉失控，请联系客服暂停账户。</p>'],
  tw: ['理性娛樂', '<p>請只用閒錢娛樂，設定預算並適時休息。如果感覺失控，請聯繫客服暫停帳戶。</p>'],
  en: [
    'Play responsibly',
    '<p>Only play with money you can afford to lose, set a budget and take breaks. If you feel you are losing control, contact customer service to pause your account.</p>',
  ],
  vi: [
    'Chơi có trách nhiệm',
    '<p>Chỉ chơi bằng số tiền bạn có thể mất, đặt ngân sách và nghỉ ngơi. Nếu cảm thấy mất kiểm soát, hãy liên hệ chăm sóc khách hàng để tạm dừng tài khoản.</p>',
  ],
} as const;

const langs = ['zh', 'tw', 'en', 'vi'] as const;

/** Three tabs of three articles each, oldest first (the seed dates them in this order): tab, pinned, texts. */
const ARTICLES = [
  [2, false, responsible],
  [2, false, realName],
  [2, false, code],
  [1, false, trend],
  [1, false, deposit],
  [1, false, howTo],
  [0, false, service],
  [0, true, welcome],
  [0, true, fairness],
] as const;

/** Every article in every language. */
export const DEMO_ARTICLES: DemoArticle[] = langs.flatMap((lang) =>
  ARTICLES.map(([tab, isTop, texts]) => ({ tab, lang, title: texts[lang][0], content: texts[lang][1], isTop })),
);
