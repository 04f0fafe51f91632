import { illustrationPath } from '../static/images';

/**
 * The platform news the server is seeded with, in English and Chinese: real-looking notices a
 * lending platform publishes (security, repayment, rates, service hours, fraud warnings), with
 * headings, images, lists and links. Image paths are on this server; the news service makes them absolute.
 */
export interface SeedArticle {
  /** In English. */
  title: string;
  summary: string;
  author: string;
  image: string;
  /** Published this many days before the database was seeded (newest first = smallest). */
  daysAgo: number;
  body: string;
  /** The same article in Chinese. */
  zh: { title: string; summary: string; body: string };
}

const figure = (image: string, alt: string, caption: string) =>
  `<figure><img src="${illustrationPath(image)}" alt="${alt}" width="640" height="360"><figcaption>${caption}</figcaption></figure>`;

const applyLink = '<a href="#/pages/loan/apply">apply for a loan</a>';
const repayLink = '<a href="#/pages/repay/repay">My repayments</a>';
const impactLink = '<a href="#/pages/overdue/impact">what happens when a payment is late</a>';
const applyLinkZh = '<a href="#/pages/loan/apply">申请借款</a>';
const repayLinkZh = '<a href="#/pages/repay/repay">我的还款</a>';
const impactLinkZh = '<a href="#/pages/overdue/impact">逾期还款的后果</a>';

export const SEED_ARTICLES: SeedArticle[] = [
  {
    title: 'Two-step verification now protects every sign-in',
    summary: 'From this week, signing in on a new device asks for an SMS code as well as your password.',
    author: 'Security Team',
    image: 'security',
    daysAgo: 0,
    zh: {
      title: '两步验证现已保护每一次登录',
      summary: '本周起，在新设备上登录时，除密码外还需输入短信验证码。',
      body: `<p>从本周开始，当你在我们没见过的手机或浏览器上登录时，我们会向账户绑定的手机号发送六位验证码。验证码五分钟内有效，只能使用一次。</p>${figure('security', '带对勾的盾牌', '即使密码泄露，第二步验证也能守住你的账户。')}
<h2>对你有什么变化</h2>
<p>如果你照常使用同一部手机，没有任何变化。在新设备上，先输入密码，再输入短信中的验证码。如果一分钟内没有收到短信，可以重新获取。</p>
<h2>我们绝不会做的事</h2>
<ul><li>绝不会让你在电话中念出验证码。</li><li>绝不会发送索要银行卡密码的链接。</li><li>绝不会要求你把钱转到“安全账户”。</li></ul>
<p>如果你怀疑有人试图骗你，请阅读<a href="https://www.12321.cn/" rel="noopener">国家反诈举报指南</a>。</p>`,
    },
    body: `<p>Starting this week, whenever you sign in from a phone or browser we have not seen before, we will send a six-digit code to the mobile number on your account. The code is valid for five minutes and can be used once.</p>${figure('security', 'A shield with a tick', 'A second step keeps your account yours, even if your password leaks.')}
<h2>What changes for you</h2>
<p>Nothing, if you use the same phone as usual. On a new device, enter your password and then the code from the SMS. If the message does not arrive within a minute, you can ask for a new one.</p>
<h2>What we will never do</h2>
<ul><li>We will never ask you to read a code out over the phone.</li><li>We will never send a link that asks for your bank card PIN.</li><li>We will never ask you to transfer money to a "safe account".</li></ul>
<p>Read our <a href="https://www.12321.cn/" rel="noopener">national anti-fraud reporting guide</a> if you think someone has tried to trick you.</p>`,
  },
  {
    title: 'Repay early with no penalty on every term',
    summary: 'You can now settle any instalment ahead of its due date and pay no interest for the months you skip.',
    author: 'Product Team',
    image: 'repayment',
    daysAgo: 1,
    zh: {
      title: '所有期限均可提前还款，不收违约金',
      summary: '现在可以在到期日前结清任意一期，跳过的月份不再计息。',
      body: `<p>提前还款应该帮你省钱，而不是让你多花钱。从今天起，平台上的每笔借款都可以提前还款，可以一期一期还，也可以一次还清，不收提前还款费用。</p>${figure('repayment', '一张银行卡', '在收银台选择一期或多期，今天就还。')}
<h2>怎么操作</h2>
<ol><li>打开${repayLinkZh}，选择借款。</li><li>勾选要还的期数。最早未还的一期总会包含在内。</li><li>选择支付方式并确认。</li></ol>
<p>利息按你尚欠的本金计算，所以每一次提前还款都会降低之后各月的利息。</p>`,
    },
    body: `<p>Paying early should save you money, not cost you. From today, every loan on the platform can be repaid ahead of schedule, one instalment at a time or all at once, with no early-repayment charge.</p>${figure('repayment', 'A bank card', 'Choose one or more instalments in the cashier and pay them today.')}
<h2>How to do it</h2>
<ol><li>Open ${repayLink} and choose the loan.</li><li>Tick the instalments you want to pay. The earliest unpaid one is always included.</li><li>Pick a payment method and confirm.</li></ol>
<p>Interest is charged on the principal you still owe, so every early payment lowers the interest of the months that follow.</p>`,
  },
  {
    title: 'Holiday service hours for the National Day week',
    summary: 'Online repayment stays open around the clock; the phone line keeps shorter hours from 1 to 7 October.',
    author: 'Customer Service',
    image: 'calendar',
    daysAgo: 2,
    zh: {
      title: '国庆假期服务时间',
      summary: '在线还款全天候开放；10 月 1 日至 7 日客服热线缩短服务时间。',
      body: `<p>国庆假期期间，App 和在线还款照常 24 小时可用。客服热线的服务时间改为 09:00 至 18:00（平时为 08:00 至 22:00）。</p>${figure('calendar', '一本日历', '假期内到期的分期，到期日与平时相同。')}
<h2>到期日会顺延吗？</h2>
<p>不会。在假日到期的分期仍在当天到期。请在当天午夜前在 App 中还款，保持良好记录。假期银行转账到账可能较慢，如果你通过转账还款，请提前几天转账并上传回单。</p>`,
    },
    body: `<p>During the National Day holiday, the app and online repayment work as usual, 24 hours a day. Our phone line answers from 09:00 to 18:00 instead of 08:00 to 22:00.</p>${figure('calendar', 'A calendar', 'Instalments due during the holiday are due on the same day as always.')}
<h2>Do due dates move?</h2>
<p>No. An instalment due on a holiday is still due that day. Repay in the app before midnight to keep your record clean. Bank transfers may take longer to arrive over the holiday, so if you pay by transfer, send it a few days early and upload the receipt.</p>`,
  },
  {
    title: 'How we work out your monthly payment',
    summary: 'Equal monthly instalments explained: why the amount stays the same while the interest part shrinks.',
    author: 'Product Team',
    image: 'rates',
    daysAgo: 3,
    zh: {
      title: '你的月供是怎么算出来的',
      summary: '等额本息详解：为什么月供不变，而利息部分逐月减少。',
      body: `<p>平台上的每笔借款都按等额本息按月还款。每月还款金额在借款批准时就已确定，方便你安排预算。</p>${figure('rates', '一个百分号', '月利率按你尚欠的本金计算。')}
<h2>利息减少，本金增加</h2>
<p>第一个月，你的还款大部分是利息，因为你欠的是全部本金。之后每个月欠款减少，利息部分随之下降，本金部分随之上升。最后一期可能相差几分钱，因为每个金额都四舍五入到分，最后一期正好结清剩余部分。</p>
<h2>费用</h2>
<p>每月服务费在签约前展示，按原始借款金额收取，整个期限内不变。在${applyLinkZh}之前，你可以看到每一个数字。</p>`,
    },
    body: `<p>Every loan on the platform is repaid in equal monthly instalments of principal and interest. The amount you pay each month is fixed when the loan is approved, so you always know what to budget.</p>${figure('rates', 'A percentage sign', 'The monthly rate applies to the principal you still owe.')}
<h2>Interest shrinks, principal grows</h2>
<p>In the first month most of your payment is interest, because you owe the whole amount. Each month you owe less, so the interest part falls and the principal part rises. The last instalment may differ by a few fen, because we round every amount to the fen and the last period settles exactly what remains.</p>
<h2>Fees</h2>
<p>A monthly service fee, shown before you sign, is charged on the original amount. It does not change over the term. You can see every figure before you ${applyLink}.</p>`,
  },
  {
    title: 'Beware of calls offering to "raise your credit limit"',
    summary: 'Fraudsters pose as our staff and ask for a deposit to unlock a higher limit. We never do this.',
    author: 'Security Team',
    image: 'scam',
    daysAgo: 4,
    zh: {
      title: '谨防“提升额度”诈骗电话',
      summary: '骗子冒充我们的工作人员，要求先交押金才能提升额度。我们从不这样做。',
      body: `<p>我们收到举报，有人自称是我们风控部门的员工，以缴纳“验证保证金”为条件提供更高的额度。这是诈骗。</p>${figure('scam', '一个警示三角', '正规放贷机构绝不会在放款前向你收钱。')}
<h2>诈骗的迹象</h2>
<ul><li>放款前要求你支付任何费用。</li><li>要求你共享屏幕或安装远程控制 App。</li><li>来电者知道你的部分信息，借此显得像官方人员。</li></ul>
<p>请挂断电话，拨打 App 中公布的号码核实。如果已经付款，请立即报警并保留所有凭证。<a href="https://www.12321.cn/" rel="noopener">举报中心</a>受理网上举报。</p>`,
    },
    body: `<p>We have received reports of callers who claim to be from our risk department and offer a higher credit limit in exchange for a "verification deposit". This is a scam.</p>${figure('scam', 'A warning triangle', 'No genuine lender asks for money before lending it.')}
<h2>Signs of a scam</h2>
<ul><li>You are asked to pay anything before a loan is disbursed.</li><li>You are asked to share your screen or install a remote-control app.</li><li>The caller knows some of your details and uses them to sound official.</li></ul>
<p>Hang up and call the number printed in the app. If you have already paid, report it to the police at once and keep every receipt. The <a href="https://www.12321.cn/" rel="noopener">reporting centre</a> accepts reports online.</p>`,
  },
  {
    title: 'App version 3.2: clearer repayment schedule',
    summary: 'The schedule now shows principal, interest, fee and any penalty of each instalment on one line.',
    author: 'Product Team',
    image: 'phone',
    daysAgo: 6,
    zh: {
      title: 'App 3.2 版：还款计划更清晰',
      summary: '还款计划现在在一行中列出每期的本金、利息、服务费和罚息。',
      body: `<p>3.2 版围绕用户最常问的问题重新设计了借款详情页：我欠多少，什么时候还？</p>${figure('phone', '一部手机', '每一期都显示各项组成和状态。')}
<h2>新功能</h2>
<ul><li>每一期分别列出本金、利息、服务费和罚息。</li><li>逾期的分期以红色标出，并显示逾期天数。</li><li>已还的分期显示还款时间。</li></ul>
<p>在借款详情页下拉即可随时刷新。</p>`,
    },
    body: `<p>Version 3.2 redesigns the loan detail page around the question users ask most: what do I owe, and when?</p>${figure('phone', 'A phone', 'Each instalment now shows its parts and its status.')}
<h2>What is new</h2>
<ul><li>Every instalment lists principal, interest, fee and penalty separately.</li><li>Overdue instalments are marked in red with the number of days late.</li><li>Paid instalments show when they were paid.</li></ul>
<p>Pull down on the loan detail page to refresh it at any time.</p>`,
  },
  {
    title: 'What a late payment means for your credit record',
    summary: 'Overdue instalments accrue a daily penalty and may be reported to the credit reference centre.',
    author: 'Risk Team',
    image: 'credit',
    daysAgo: 7,
    zh: {
      title: '逾期还款对你的信用记录意味着什么',
      summary: '逾期分期每天产生罚息，并可能被报送征信中心。',
      body: `<p>到期日结束时仍未还清的分期，从第二天起即为逾期。此后每天按合同中的日利率，对该期本金和利息计收罚息。</p>${figure('credit', '一个仪表盘', '按时还款，记录清白。')}
<h2>你的信用记录</h2>
<p>持牌放贷机构会向<a href="http://www.pbccrc.org.cn/" rel="noopener">中国人民银行征信中心</a>报送还款情况。逾期记录在结清后可能保留五年。</p>
<h2>如果你无法按时还款</h2>
<p>请在到期日前联系我们，我们会为你说明可选的办法。具体数字请看${impactLinkZh}。</p>`,
    },
    body: `<p>An instalment that is not paid by the end of its due date becomes overdue the next day. From then on a penalty accrues every day on the instalment's principal and interest, at the daily rate shown in your contract.</p>${figure('credit', 'A gauge', 'Paying on time keeps your record clean.')}
<h2>Your credit record</h2>
<p>Licensed lenders report repayment behaviour to the <a href="http://www.pbccrc.org.cn/" rel="noopener">Credit Reference Center of the People's Bank of China</a>. A late payment can stay on your report for five years after it is settled.</p>
<h2>If you cannot pay</h2>
<p>Contact us before the due date. We can explain your options. See ${impactLink} for the numbers.</p>`,
  },
  {
    title: 'Bank transfer repayments: upload your receipt',
    summary: 'Paid by transfer? Upload a photo of the receipt and we will match it within one working day.',
    author: 'Customer Service',
    image: 'repayment',
    daysAgo: 9,
    zh: {
      title: '银行转账还款：请上传回单',
      summary: '通过转账还款？上传回单照片，我们会在一个工作日内完成核对。',
      body: `<p>有些客户喜欢通过银行转账还款。转账到账时不带订单号，所以需要你帮我们核对。</p>
<h2>三个步骤</h2>
<ol><li>把应还金额转到还款页面显示的账户，并在附言中写上订单号。</li><li>给回单拍照或截图（JPG、PNG、WebP 或 PDF，最大 10 MB）。</li><li>在${repayLinkZh}中上传，并选择它所还的期数。</li></ol>${figure('repayment', '一张银行卡', '完整清晰的回单照片核对最快。')}
<p>在我们确认转账前，相关分期显示“待审核”，通常在一个工作日内完成。</p>`,
    },
    body: `<p>Some customers prefer to repay by bank transfer. Transfers reach us without your order number, so we need your help to match them.</p>
<h2>Three steps</h2>
<ol><li>Transfer the amount due to the account shown on the repayment page. Write your order number in the remark.</li><li>Take a photo or screenshot of the receipt (JPG, PNG, WebP or PDF, up to 10 MB).</li><li>Upload it under ${repayLink}, choosing the instalments it pays.</li></ol>${figure('repayment', 'A bank card', 'A clear photo of the whole receipt is matched fastest.')}
<p>The instalments show "pending review" until our team confirms the transfer, usually within one working day.</p>`,
  },
  {
    title: 'Study now, pay monthly: loans for courses and certificates',
    summary: 'Education loans from 1,000 to 50,000 yuan for vocational courses, languages and exam preparation.',
    author: 'Marketing',
    image: 'education',
    daysAgo: 11,
    zh: {
      title: '现在学习，按月付款：课程与证书借款',
      summary: '1,000 至 50,000 元教育借款，用于职业课程、语言学习和备考。',
      body: `<p>学习一项新技能是最好的投资之一。申请时选择“教育”用途，即可把课程费用分摊到 3 至 24 个月。</p>${figure('education', '一顶学士帽', '课程费用按月等额分期支付。')}
<h2>须知</h2>
<ul><li>借款打入你本人的银行卡，可以支付给任何学校。</li><li>利率与其他用途相同，签约前即可看到。</li></ul>
<p>准备好了吗？几分钟即可${applyLinkZh}。</p>`,
    },
    body: `<p>Learning a new skill is one of the best investments you can make. Choose "education" as the purpose when you apply and spread the cost of a course over 3 to 24 months.</p>${figure('education', 'A graduation cap', 'Pay for the course in equal monthly instalments.')}
<h2>Good to know</h2>
<ul><li>The money is paid into your own bank card, so you can pay any school.</li><li>Rates are the same as for other purposes and are shown before you sign.</li></ul>
<p>Ready? ${applyLink[0].toUpperCase()}${applyLink.slice(1)} in a few minutes.</p>`,
  },
  {
    title: 'Why we ask for your real name and ID card',
    summary: 'Identity checks are required by law for every loan, and they protect you from identity theft.',
    author: 'Compliance',
    image: 'security',
    daysAgo: 13,
    zh: {
      title: '为什么需要你的真实姓名和身份证',
      summary: '法律要求每笔借款都进行身份核验，这也能保护你免遭身份盗用。',
      body: `<p>放贷机构必须知道借款人是谁。反洗钱规定要求我们核验每位借款人的姓名和身份证号码，并且只把借款打入借款人本人名下的银行卡。</p>
<h2>我们如何保护你的数据</h2>
<p>你的身份证号码加密存储，在 App 中处处脱敏显示：只显示前三位和后四位。我们只与征信中心共享，或依法提供。</p>${figure('security', '带对勾的盾牌', '你的信息在任何地方显示时都已脱敏。')}`,
    },
    body: `<p>Lenders must know who they lend to. Anti-money-laundering rules require us to verify the name and national ID card number of every borrower, and to pay loans only into a bank card in the borrower's own name.</p>
<h2>How we protect your data</h2>
<p>Your ID card number is stored encrypted and shown masked everywhere in the app: only the first three and last four characters are visible. We share it only with the credit reference centre and as the law requires.</p>${figure('security', 'A shield with a tick', 'Your details are masked wherever they are shown.')}`,
  },
  {
    title: 'New shorter term: borrow for 3 months',
    summary: 'A 3-month term is now offered for small amounts you want to clear quickly.',
    author: 'Product Team',
    image: 'rates',
    daysAgo: 15,
    zh: {
      title: '新增更短期限：3 个月借款',
      summary: '小额借款想尽快还清？现在可以选择 3 个月期限。',
      body: `<p>并非每笔消费都需要两年来还。现在除了 6、12 和 24 个月，你还可以选择 3 个月期限。</p>${figure('rates', '一个百分号', '期限越短，利息总额越少。')}
<h2>哪个期限适合你？</h2>
<p>期限越短，月供越高，但利息总额越少。申请页会在你决定前列出每个期限的月供和总成本。</p>`,
    },
    body: `<p>Not every purchase needs two years to pay off. You can now choose a 3-month term alongside 6, 12 and 24 months.</p>${figure('rates', 'A percentage sign', 'Shorter terms carry less total interest.')}
<h2>Which term suits you?</h2>
<p>A shorter term means a higher monthly payment but less interest in total. The apply page shows the monthly payment and the total cost for every term before you decide.</p>`,
  },
  {
    title: 'Travel now: spread the cost of your trip',
    summary: 'Book flights and hotels today and repay in equal monthly instalments after you return.',
    author: 'Marketing',
    image: 'travel',
    daysAgo: 17,
    zh: {
      title: '说走就走：旅行费用分期付',
      summary: '今天预订机票和酒店，回来后按月等额还款。',
      body: `<p>暑期机票很早就会售罄。有了旅行借款，你可以趁低价预订，在 3 至 12 个月内还清。</p>${figure('travel', '一架飞机', '先规划行程，再规划还款。')}
<h2>理性规划</h2>
<p>只借你能用月收入轻松还上的金额。申请页上的计算器会准确显示每个月的费用。</p>`,
    },
    body: `<p>Summer flights sell out early. With a travel loan you can book while prices are low and repay over 3 to 12 months.</p>${figure('travel', 'A plane', 'Plan the trip, then plan the payments.')}
<h2>Plan responsibly</h2>
<p>Borrow only what you can repay comfortably from your monthly income. Our calculator on the apply page shows exactly what each month will cost.</p>`,
  },
  {
    title: 'Customer service now answers in the app',
    summary: 'Chat with our team from the "Mine" tab, from 08:00 to 22:00 every day.',
    author: 'Customer Service',
    image: 'support',
    daysAgo: 19,
    zh: {
      title: '客服现在可以在 App 内回答',
      summary: '每天 08:00 至 22:00，在“我的”页面与我们的团队在线沟通。',
      body: `<p>提问不再需要打电话。打开<a href="#/pages/profile/profile">我的</a>页面，点击“客服”即可与我们的团队聊天。</p>${figure('support', '一副耳麦', '上月首次回复平均用时：40 秒。')}
<h2>提问之前</h2>
<p>请准备好订单号，可在借款详情页找到。切勿在聊天中发送完整的银行卡号或任何短信验证码。</p>`,
    },
    body: `<p>You no longer need to call to ask a question. Open the <a href="#/pages/profile/profile">Mine</a> tab and tap "Customer service" to chat with our team.</p>${figure('support', 'A headset', 'Average first reply time last month: 40 seconds.')}
<h2>Before you ask</h2>
<p>Have your order number ready. You can find it on the loan detail page. Never send your full bank card number or any SMS code in a chat.</p>`,
  },
  {
    title: 'Make your home yours: renovation loans',
    summary: 'Borrow up to 50,000 yuan for furniture, appliances or a new kitchen.',
    author: 'Marketing',
    image: 'home',
    daysAgo: 21,
    zh: {
      title: '打造理想的家：家装借款',
      summary: '最高可借 50,000 元，用于家具、家电或新厨房。',
      body: `<p>一间新厨房或一张更好的床垫，可以改变日常生活。选择“家装”用途，最长可分 24 个月还款。</p>${figure('home', '一座房子', '较大的项目可以分摊到最长两年。')}
<p>和每笔借款一样，签约前会展示完整的还款计划和合同。现在就${applyLinkZh}。</p>`,
    },
    body: `<p>A new kitchen or a better mattress can change everyday life. Choose "home improvement" as the purpose and pay over up to 24 months.</p>${figure('home', 'A house', 'Larger projects can be spread over up to two years.')}
<p>As with every loan, the full schedule and contract are shown before you sign. ${applyLink[0].toUpperCase()}${applyLink.slice(1)}.</p>`,
  },
  {
    title: 'Understanding the service fee',
    summary: 'The monthly service fee covers identity checks, payment processing and customer service.',
    author: 'Product Team',
    image: 'rates',
    daysAgo: 23,
    zh: {
      title: '了解服务费',
      summary: '每月服务费用于身份核验、支付处理和客户服务。',
      body: `<p>除利息外，每期还款还包含一小笔服务费。它是原始借款金额的固定百分比，按月收取，在申请页和合同中都有展示。</p>
<h2>服务费用于</h2>
<ul><li>身份和银行卡核验。</li><li>支付通道的支付处理。</li><li>客户服务和投诉处理。</li></ul>${figure('rates', '一个百分号', '利息和费用合计的年化成本在签约前展示。')}`,
    },
    body: `<p>Besides interest, each instalment includes a small service fee. It is a fixed percentage of the original amount, charged monthly, and it is shown on the apply page and in the contract.</p>
<h2>What it pays for</h2>
<ul><li>Identity and bank card verification.</li><li>Payment processing with the gateways.</li><li>Customer service and complaint handling.</li></ul>${figure('rates', 'A percentage sign', 'The annualised cost of interest and fees together is shown before you sign.')}`,
  },
  {
    title: 'Protecting your phone number',
    summary: 'Your phone number is your key. Here is how to keep it safe when you change SIM or carrier.',
    author: 'Security Team',
    image: 'phone',
    daysAgo: 25,
    zh: {
      title: '保护好你的手机号',
      summary: '手机号就是你的钥匙。更换 SIM 卡或运营商时，这样保证安全。',
      body: `<p>你的账户与手机号绑定：登录验证码和还款提醒都会发到这个号码。如果更换号码，请用密码登录并联系客服迁移账户。</p>${figure('phone', '一部手机', '设置 SIM 卡 PIN 码，防止被盗的 SIM 卡在别的手机上使用。')}
<h2>小贴士</h2>
<ul><li>向运营商设置 SIM 卡 PIN 码。</li><li>不要把手机“借”给别人接收验证码。</li><li>手机丢失或被盗时请立即告诉我们。</li></ul>`,
    },
    body: `<p>Your account is tied to your mobile number: sign-in codes and repayment reminders are sent to it. If you change numbers, sign in with your password and contact customer service to move the account.</p>${figure('phone', 'A phone', 'Set a SIM PIN to stop a stolen SIM being used in another phone.')}
<h2>Tips</h2>
<ul><li>Set a SIM PIN with your carrier.</li><li>Do not let anyone "borrow" your phone to receive a code.</li><li>Tell us at once if your phone is lost or stolen.</li></ul>`,
  },
  {
    title: 'Repayment reminders: three days before each due date',
    summary: 'We will send an SMS reminder three days before each instalment falls due.',
    author: 'Customer Service',
    image: 'calendar',
    daysAgo: 27,
    zh: {
      title: '还款提醒：每个到期日前三天',
      summary: '每期到期前三天，我们会发送短信提醒。',
      body: `<p>为了帮你不错过任何一次还款，我们会在每个到期日前三天发送短信提醒；如果到期当天仍未还款，还会再提醒一次。</p>${figure('calendar', '一本日历', '提醒只会来自我们的官方短号码。')}
<p>提醒中绝不会包含链接。还款请打开 App，进入${repayLinkZh}。</p>`,
    },
    body: `<p>To help you never miss a payment, we send a reminder by SMS three days before each due date, and again on the day if the instalment is still unpaid.</p>${figure('calendar', 'A calendar', 'Reminders come from our official short number only.')}
<p>Reminders never contain links. To repay, open the app and go to ${repayLink}.</p>`,
  },
  {
    title: 'Medical expenses: quick loans when you need them',
    summary: 'Loans for medical and dental treatment are reviewed and paid out in minutes.',
    author: 'Marketing',
    image: 'support',
    daysAgo: 29,
    zh: {
      title: '医疗费用：急需时的快速借款',
      summary: '医疗和牙科治疗借款，几分钟内完成审核并放款。',
      body: `<p>意外的治疗不应等到发薪日。选择“医疗”用途，你的申请几分钟内即可完成审核。</p>${figure('support', '一副耳麦', '签约前，我们的团队可以为你解释任何一个数字。')}
<p>如果你在生病期间还款困难，请联系我们：我们宁愿与你商定一个方案，也不愿看到你错过还款。</p>`,
    },
    body: `<p>Unexpected treatment should not wait for payday. Choose "medical" as the purpose and your application is reviewed in minutes.</p>${figure('support', 'A headset', 'Our team can explain any figure before you sign.')}
<p>If you are struggling with repayments during an illness, contact us: we would rather agree on a plan than see a payment missed.</p>`,
  },
  {
    title: 'Platform passes annual information security audit',
    summary: 'An independent auditor has certified our systems against the national level-3 security standard.',
    author: 'Security Team',
    image: 'security',
    daysAgo: 32,
    zh: {
      title: '平台通过年度信息安全审计',
      summary: '独立审计机构认证我们的系统符合国家三级安全标准。',
      body: `<p>经独立机构对我们的数据中心、应用和流程进行审计，我们的系统再次通过国家网络安全等级保护三级认证。</p>${figure('security', '带对勾的盾牌', '审计涵盖个人数据的存储、传输和访问。')}
<h2>审计内容</h2>
<p>个人数据在存储和传输中的加密、员工访问控制、事件响应以及定期渗透测试。</p>`,
    },
    body: `<p>Our systems have again been certified against the level-3 requirements of the national Multi-Level Protection Scheme after an independent audit of our data centres, applications and procedures.</p>${figure('security', 'A shield with a tick', 'The audit covers storage, transmission and access to personal data.')}
<h2>What it covers</h2>
<p>Encryption of personal data at rest and in transit, access control for staff, incident response and regular penetration tests.</p>`,
  },
  {
    title: 'How the cashier picks what to pay',
    summary: 'Overdue instalments come first. The cashier always includes the earliest unpaid instalment.',
    author: 'Product Team',
    image: 'repayment',
    daysAgo: 35,
    zh: {
      title: '收银台如何选择要还的期数',
      summary: '逾期分期优先。收银台总会包含最早未还的一期。',
      body: `<p>打开收银台时，它会选中所有逾期分期以及下一期应还分期。你可以加选之后的分期提前还款，但不能跳过：分期总是按顺序还。</p>${figure('repayment', '一张银行卡', '按顺序还款，避免较早的分期罚息越积越多。')}
<p>一期还清后，其罚息即被冻结，借款详情会显示还款时间。最后一期还清后，借款即告结清，你可以查看结清证明。</p>`,
    },
    body: `<p>When you open the cashier, it selects every overdue instalment plus the next one due. You can add later instalments to repay early, but you cannot skip one: instalments are always paid in order.</p>${figure('repayment', 'A bank card', 'Paying in order keeps penalties from building up on older instalments.')}
<p>Once paid, an instalment's penalty is frozen and the loan detail shows when it was paid. When the last instalment is paid the loan is settled and you can view a settlement certificate.</p>`,
  },
  {
    title: 'Settlement certificates now available in the app',
    summary: 'Once your loan is settled, view and save a certificate that confirms you owe nothing more.',
    author: 'Product Team',
    image: 'growth',
    daysAgo: 38,
    zh: {
      title: 'App 内现可查看结清证明',
      summary: '借款结清后，可以查看并保存证明你已无欠款的证明。',
      body: `<p>房东、银行和雇主有时会要求出示借款已还清的证明。从今天起，你可以直接在任何已结清借款的详情页打开结清证明。</p>${figure('growth', '一条上升的曲线', '证明中列有订单号、金额、期限和结清日期。')}`,
    },
    body: `<p>Landlords, banks and employers sometimes ask for proof that a loan has been repaid. From today you can open a settlement certificate for any settled loan directly from its detail page.</p>${figure('growth', 'A rising line', 'The certificate shows the order number, amount, term and settlement date.')}`,
  },
  {
    title: 'Spring Festival: plan your repayments early',
    summary: 'Banks process transfers more slowly over the holiday. Repay in the app to be safe.',
    author: 'Customer Service',
    image: 'calendar',
    daysAgo: 42,
    zh: {
      title: '春节期间：提前安排还款',
      summary: '假期中银行转账处理较慢。在 App 中还款更稳妥。',
      body: `<p>春节期间，许多银行只在工作日处理转账。App 中的在线还款每天都会即时处理。</p>${figure('calendar', '一本日历', '在线还款即时入账，节假日也不例外。')}
<p>如果你通过银行转账还款，请至少在到期日前三个工作日转账，并上传回单。</p>`,
    },
    body: `<p>Over the Spring Festival many banks process transfers only on working days. Online repayment in the app is processed at once, every day.</p>${figure('calendar', 'A calendar', 'Online payments are credited immediately, even on holidays.')}
<p>If you repay by bank transfer, send it at least three working days before the due date and upload the receipt.</p>`,
  },
  {
    title: 'Five habits of borrowers who never miss a payment',
    summary: 'Small routines that keep repayments on track, from payday alarms to a separate account.',
    author: 'Editorial',
    image: 'growth',
    daysAgo: 46,
    zh: {
      title: '从不逾期的借款人的五个习惯',
      summary: '让还款保持正轨的小习惯：从发薪日闹钟到单独的账户。',
      body: `<p>我们研究了最守信的借款人有什么共同点。其实一点都不复杂。</p>
<ol><li>把到期日选在发薪日后几天。</li><li>把当月的月供存在单独的账户里。</li><li>打开还款提醒。</li><li>借得比可借的最高额度少。</li><li>遇到问题时尽早联系我们。</li></ol>${figure('growth', '一条上升的曲线', '良好的记录让下一笔借款更便宜、更快。')}`,
    },
    body: `<p>We looked at what our most reliable borrowers have in common. None of it is complicated.</p>
<ol><li>They pick a due date a few days after payday.</li><li>They keep the month's instalment in a separate account.</li><li>They turn on reminders.</li><li>They borrow less than the maximum offered.</li><li>They contact us early when something goes wrong.</li></ol>${figure('growth', 'A rising line', 'A clean record makes the next loan cheaper and faster.')}`,
  },
  {
    title: 'Wider amount range: borrow from 1,000 to 50,000 yuan',
    summary: 'The maximum amount has been raised to 50,000 yuan for all terms.',
    author: 'Product Team',
    image: 'rates',
    daysAgo: 50,
    zh: {
      title: '借款金额范围扩大：1,000 至 50,000 元',
      summary: '所有期限的最高借款金额已提高到 50,000 元。',
      body: `<p>在复核风控模型后，所有期限的最高借款金额现为 50,000 元，金额以 100 元为单位递增。</p>${figure('rates', '一个百分号', '你获批的金额取决于你自己的记录。')}
<p>按需借款，而不是按可借额度借款。在${applyLinkZh}之前，先看清每月的还款金额。</p>`,
    },
    body: `<p>Following a review of our risk models, the maximum loan amount is now 50,000 yuan for every term. Amounts go up in steps of 100 yuan.</p>${figure('rates', 'A percentage sign', 'Your approved amount depends on your own record.')}
<p>Borrow what you need, not what you are offered. See the exact monthly payment before you ${applyLink}.</p>`,
  },
  {
    title: 'We have moved to a new payment gateway',
    summary: 'Card and wallet payments now go through a faster gateway with instant confirmation.',
    author: 'Product Team',
    image: 'phone',
    daysAgo: 55,
    zh: {
      title: '我们已更换新的支付通道',
      summary: '银行卡和钱包支付现在通过更快的通道，即时确认。',
      body: `<p>在 App 中的还款现在通过新的支付通道进行。你会短暂看到支付通道的页面，确认付款后直接带着结果回到 App。</p>${figure('phone', '一部手机', '如果你关闭了支付页面，不会扣款，可以再试一次。')}
<p>支付通道一确认，你的分期就会标记为已还，通常只需几秒钟。</p>`,
    },
    body: `<p>Repayments made in the app now go through our new payment gateway. You will see the gateway's page briefly, confirm the payment, and come straight back to the app with the result.</p>${figure('phone', 'A phone', 'If you close the gateway page, nothing is charged and you can try again.')}
<p>Your instalments are marked paid as soon as the gateway confirms, usually within seconds.</p>`,
  },
  {
    title: 'Our privacy policy, in plain words',
    summary: 'What we collect, why, who we share it with, and how to ask us to delete it.',
    author: 'Compliance',
    image: 'security',
    daysAgo: 60,
    zh: {
      title: '用大白话讲我们的隐私政策',
      summary: '我们收集什么、为什么收集、与谁共享，以及如何要求删除。',
      body: `<p>我们重写了隐私政策，五分钟就能读完。</p>
<h2>我们收集什么</h2>
<p>你的手机号、姓名、身份证号和银行卡号，你的借款和还款，以及你用于登录的设备。</p>
<h2>为什么收集</h2>
<p>为了核验你的身份、放款和收回还款、履行法定义务，以及保障账户安全。</p>${figure('security', '带对勾的盾牌', '你可以随时索取一份你的数据。')}
<h2>你的权利</h2>
<p>你可以查看、更正你的数据，并在无欠款后删除。请联系客服提出申请。</p>`,
    },
    body: `<p>We have rewritten our privacy policy so that it can be read in five minutes.</p>
<h2>What we collect</h2>
<p>Your phone number, name, ID card number and bank card number, your loans and repayments, and the device you use to sign in.</p>
<h2>Why</h2>
<p>To verify who you are, to lend and collect repayments, to meet legal duties, and to keep your account secure.</p>${figure('security', 'A shield with a tick', 'You can ask for a copy of your data at any time.')}
<h2>Your rights</h2>
<p>You can see, correct and, once you owe nothing, delete your data. Contact customer service to ask.</p>`,
  },
  {
    title: 'Welcome to the platform',
    summary: 'Transparent consumer instalment loans: every figure shown before you sign.',
    author: 'Editorial',
    image: 'growth',
    daysAgo: 70,
    zh: {
      title: '欢迎来到平台',
      summary: '透明的消费分期借款：签约前展示每一个数字。',
      body: `<p>我们建立这个平台只基于一个承诺：签约前你会看到每一个数字。月供、利息、服务费和总成本都在申请页上。</p>${figure('growth', '一条上升的曲线', '简单、透明的分期借款。')}
<h2>开始使用</h2>
<p>用手机号注册，然后${applyLinkZh}。获批的借款打入你的银行卡，按月等额还款。</p>`,
    },
    body: `<p>We built this platform on one promise: you will see every figure before you sign. The monthly payment, the interest, the fee and the total cost are all on the apply page.</p>${figure('growth', 'A rising line', 'Simple, transparent instalment loans.')}
<h2>Getting started</h2>
<p>Register with your phone number, then ${applyLink}. Approved loans are paid into your bank card and repaid in equal monthly instalments.</p>`,
  },
];
