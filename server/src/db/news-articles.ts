import { illustrationPath } from '../static/images';

/**
 * The platform news the server is seeded with: real-looking notices a lending platform
 * publishes (security, repayment, rates, service hours, fraud warnings), with headings,
 * images, lists and links. Image paths are on this server; the news service makes them absolute.
 */
export interface SeedArticle {
  title: string;
  summary: string;
  author: string;
  image: string;
  /** Published this many days before the database was seeded (newest first = smallest). */
  daysAgo: number;
  body: string;
}

const figure = (image: string, alt: string, caption: string) =>
  `<figure><img src="${illustrationPath(image)}" alt="${alt}" width="640" height="360"><figcaption>${caption}</figcaption></figure>`;

const applyLink = '<a href="#/pages/loan/apply">apply for a loan</a>';
const repayLink = '<a href="#/pages/repay/repay">My repayments</a>';
const impactLink = '<a href="#/pages/overdue/impact">what happens when a payment is late</a>';

export const SEED_ARTICLES: SeedArticle[] = [
  {
    title: 'Two-step verification now protects every sign-in',
    summary: 'From this week, signing in on a new device asks for an SMS code as well as your password.',
    author: 'Security Team',
    image: 'security',
    daysAgo: 0,
    body: `<p>Starting this week, whenever you sign in from a phone or browser we have not seen before, we will send a six-digit code to the mobile number on your account. The code is valid for five minutes and can be used once.</p>
${figure('security', 'A shield with a tick', 'A second step keeps your account yours, even if your password leaks.')}
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
    body: `<p>Paying early should save you money, not cost you. From today, every loan on the platform can be repaid ahead of schedule, one instalment at a time or all at once, with no early-repayment charge.</p>
${figure('repayment', 'A bank card', 'Choose one or more instalments in the cashier and pay them today.')}
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
    body: `<p>During the National Day holiday, the app and online repayment work as usual, 24 hours a day. Our phone line answers from 09:00 to 18:00 instead of 08:00 to 22:00.</p>
${figure('calendar', 'A calendar', 'Instalments due during the holiday are due on the same day as always.')}
<h2>Do due dates move?</h2>
<p>No. An instalment due on a holiday is still due that day. Repay in the app before midnight to keep your record clean. Bank transfers may take longer to arrive over the holiday, so if you pay by transfer, send it a few days early and upload the receipt.</p>`,
  },
  {
    title: 'How we work out your monthly payment',
    summary: 'Equal monthly instalments explained: why the amount stays the same while the interest part shrinks.',
    author: 'Product Team',
    image: 'rates',
    daysAgo: 3,
    body: `<p>Every loan on the platform is repaid in equal monthly instalments of principal and interest. The amount you pay each month is fixed when the loan is approved, so you always know what to budget.</p>
${figure('rates', 'A percentage sign', 'The monthly rate applies to the principal you still owe.')}
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
    body: `<p>We have received reports of callers who claim to be from our risk department and offer a higher credit limit in exchange for a "verification deposit". This is a scam.</p>
${figure('scam', 'A warning triangle', 'No genuine lender asks for money before lending it.')}
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
    body: `<p>Version 3.2 redesigns the loan detail page around the question users ask most: what do I owe, and when?</p>
${figure('phone', 'A phone', 'Each instalment now shows its parts and its status.')}
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
    body: `<p>An instalment that is not paid by the end of its due date becomes overdue the next day. From then on a penalty accrues every day on the instalment's principal and interest, at the daily rate shown in your contract.</p>
${figure('credit', 'A gauge', 'Paying on time keeps your record clean.')}
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
    body: `<p>Some customers prefer to repay by bank transfer. Transfers reach us without your order number, so we need your help to match them.</p>
<h2>Three steps</h2>
<ol><li>Transfer the amount due to the account shown on the repayment page. Write your order number in the remark.</li><li>Take a photo or screenshot of the receipt (JPG, PNG, WebP or PDF, up to 10 MB).</li><li>Upload it under ${repayLink}, choosing the instalments it pays.</li></ol>
${figure('repayment', 'A bank card', 'A clear photo of the whole receipt is matched fastest.')}
<p>The instalments show "pending review" until our team confirms the transfer, usually within one working day.</p>`,
  },
  {
    title: 'Study now, pay monthly: loans for courses and certificates',
    summary: 'Education loans from 1,000 to 50,000 yuan for vocational courses, languages and exam preparation.',
    author: 'Marketing',
    image: 'education',
    daysAgo: 11,
    body: `<p>Learning a new skill is one of the best investments you can make. Choose "education" as the purpose when you apply and spread the cost of a course over 3 to 24 months.</p>
${figure('education', 'A graduation cap', 'Pay for the course in equal monthly instalments.')}
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
    body: `<p>Lenders must know who they lend to. Anti-money-laundering rules require us to verify the name and national ID card number of every borrower, and to pay loans only into a bank card in the borrower's own name.</p>
<h2>How we protect your data</h2>
<p>Your ID card number is stored encrypted and shown masked everywhere in the app: only the first three and last four characters are visible. We share it only with the credit reference centre and as the law requires.</p>
${figure('security', 'A shield with a tick', 'Your details are masked wherever they are shown.')}`,
  },
  {
    title: 'New shorter term: borrow for 3 months',
    summary: 'A 3-month term is now offered for small amounts you want to clear quickly.',
    author: 'Product Team',
    image: 'rates',
    daysAgo: 15,
    body: `<p>Not every purchase needs two years to pay off. You can now choose a 3-month term alongside 6, 12 and 24 months.</p>
${figure('rates', 'A percentage sign', 'Shorter terms carry less total interest.')}
<h2>Which term suits you?</h2>
<p>A shorter term means a higher monthly payment but less interest in total. The apply page shows the monthly payment and the total cost for every term before you decide.</p>`,
  },
  {
    title: 'Travel now: spread the cost of your trip',
    summary: 'Book flights and hotels today and repay in equal monthly instalments after you return.',
    author: 'Marketing',
    image: 'travel',
    daysAgo: 17,
    body: `<p>Summer flights sell out early. With a travel loan you can book while prices are low and repay over 3 to 12 months.</p>
${figure('travel', 'A plane', 'Plan the trip, then plan the payments.')}
<h2>Plan responsibly</h2>
<p>Borrow only what you can repay comfortably from your monthly income. Our calculator on the apply page shows exactly what each month will cost.</p>`,
  },
  {
    title: 'Customer service now answers in the app',
    summary: 'Chat with our team from the "Mine" tab, from 08:00 to 22:00 every day.',
    author: 'Customer Service',
    image: 'support',
    daysAgo: 19,
    body: `<p>You no longer need to call to ask a question. Open the <a href="#/pages/profile/profile">Mine</a> tab and tap "Customer service" to chat with our team.</p>
${figure('support', 'A headset', 'Average first reply time last month: 40 seconds.')}
<h2>Before you ask</h2>
<p>Have your order number ready. You can find it on the loan detail page. Never send your full bank card number or any SMS code in a chat.</p>`,
  },
  {
    title: 'Make your home yours: renovation loans',
    summary: 'Borrow up to 50,000 yuan for furniture, appliances or a new kitchen.',
    author: 'Marketing',
    image: 'home',
    daysAgo: 21,
    body: `<p>A new kitchen or a better mattress can change everyday life. Choose "home improvement" as the purpose and pay over up to 24 months.</p>
${figure('home', 'A house', 'Larger projects can be spread over up to two years.')}
<p>As with every loan, the full schedule and contract are shown before you sign. ${applyLink[0].toUpperCase()}${applyLink.slice(1)}.</p>`,
  },
  {
    title: 'Understanding the service fee',
    summary: 'The monthly service fee covers identity checks, payment processing and customer service.',
    author: 'Product Team',
    image: 'rates',
    daysAgo: 23,
    body: `<p>Besides interest, each instalment includes a small service fee. It is a fixed percentage of the original amount, charged monthly, and it is shown on the apply page and in the contract.</p>
<h2>What it pays for</h2>
<ul><li>Identity and bank card verification.</li><li>Payment processing with the gateways.</li><li>Customer service and complaint handling.</li></ul>
${figure('rates', 'A percentage sign', 'The annualised cost of interest and fees together is shown before you sign.')}`,
  },
  {
    title: 'Protecting your phone number',
    summary: 'Your phone number is your key. Here is how to keep it safe when you change SIM or carrier.',
    author: 'Security Team',
    image: 'phone',
    daysAgo: 25,
    body: `<p>Your account is tied to your mobile number: sign-in codes and repayment reminders are sent to it. If you change numbers, sign in with your password and contact customer service to move the account.</p>
${figure('phone', 'A phone', 'Set a SIM PIN to stop a stolen SIM being used in another phone.')}
<h2>Tips</h2>
<ul><li>Set a SIM PIN with your carrier.</li><li>Do not let anyone "borrow" your phone to receive a code.</li><li>Tell us at once if your phone is lost or stolen.</li></ul>`,
  },
  {
    title: 'Repayment reminders: three days before each due date',
    summary: 'We will send an SMS reminder three days before each instalment falls due.',
    author: 'Customer Service',
    image: 'calendar',
    daysAgo: 27,
    body: `<p>To help you never miss a payment, we send a reminder by SMS three days before each due date, and again on the day if the instalment is still unpaid.</p>
${figure('calendar', 'A calendar', 'Reminders come from our official short number only.')}
<p>Reminders never contain links. To repay, open the app and go to ${repayLink}.</p>`,
  },
  {
    title: 'Medical expenses: quick loans when you need them',
    summary: 'Loans for medical and dental treatment are reviewed and paid out in minutes.',
    author: 'Marketing',
    image: 'support',
    daysAgo: 29,
    body: `<p>Unexpected treatment should not wait for payday. Choose "medical" as the purpose and your application is reviewed in minutes.</p>
${figure('support', 'A headset', 'Our team can explain any figure before you sign.')}
<p>If you are struggling with repayments during an illness, contact us: we would rather agree on a plan than see a payment missed.</p>`,
  },
  {
    title: 'Platform passes annual information security audit',
    summary: 'An independent auditor has certified our systems against the national level-3 security standard.',
    author: 'Security Team',
    image: 'security',
    daysAgo: 32,
    body: `<p>Our systems have again been certified against the level-3 requirements of the national Multi-Level Protection Scheme after an independent audit of our data centres, applications and procedures.</p>
${figure('security', 'A shield with a tick', 'The audit covers storage, transmission and access to personal data.')}
<h2>What it covers</h2>
<p>Encryption of personal data at rest and in transit, access control for staff, incident response and regular penetration tests.</p>`,
  },
  {
    title: 'How the cashier picks what to pay',
    summary: 'Overdue instalments come first. The cashier always includes the earliest unpaid instalment.',
    author: 'Product Team',
    image: 'repayment',
    daysAgo: 35,
    body: `<p>When you open the cashier, it selects every overdue instalment plus the next one due. You can add later instalments to repay early, but you cannot skip one: instalments are always paid in order.</p>
${figure('repayment', 'A bank card', 'Paying in order keeps penalties from building up on older instalments.')}
<p>Once paid, an instalment's penalty is frozen and the loan detail shows when it was paid. When the last instalment is paid the loan is settled and you can view a settlement certificate.</p>`,
  },
  {
    title: 'Settlement certificates now available in the app',
    summary: 'Once your loan is settled, view and save a certificate that confirms you owe nothing more.',
    author: 'Product Team',
    image: 'growth',
    daysAgo: 38,
    body: `<p>Landlords, banks and employers sometimes ask for proof that a loan has been repaid. From today you can open a settlement certificate for any settled loan directly from its detail page.</p>
${figure('growth', 'A rising line', 'The certificate shows the order number, amount, term and settlement date.')}`,
  },
  {
    title: 'Spring Festival: plan your repayments early',
    summary: 'Banks process transfers more slowly over the holiday. Repay in the app to be safe.',
    author: 'Customer Service',
    image: 'calendar',
    daysAgo: 42,
    body: `<p>Over the Spring Festival many banks process transfers only on working days. Online repayment in the app is processed at once, every day.</p>
${figure('calendar', 'A calendar', 'Online payments are credited immediately, even on holidays.')}
<p>If you repay by bank transfer, send it at least three working days before the due date and upload the receipt.</p>`,
  },
  {
    title: 'Five habits of borrowers who never miss a payment',
    summary: 'Small routines that keep repayments on track, from payday alarms to a separate account.',
    author: 'Editorial',
    image: 'growth',
    daysAgo: 46,
    body: `<p>We looked at what our most reliable borrowers have in common. None of it is complicated.</p>
<ol><li>They pick a due date a few days after payday.</li><li>They keep the month's instalment in a separate account.</li><li>They turn on reminders.</li><li>They borrow less than the maximum offered.</li><li>They contact us early when something goes wrong.</li></ol>
${figure('growth', 'A rising line', 'A clean record makes the next loan cheaper and faster.')}`,
  },
  {
    title: 'Wider amount range: borrow from 1,000 to 50,000 yuan',
    summary: 'The maximum amount has been raised to 50,000 yuan for all terms.',
    author: 'Product Team',
    image: 'rates',
    daysAgo: 50,
    body: `<p>Following a review of our risk models, the maximum loan amount is now 50,000 yuan for every term. Amounts go up in steps of 100 yuan.</p>
${figure('rates', 'A percentage sign', 'Your approved amount depends on your own record.')}
<p>Borrow what you need, not what you are offered. See the exact monthly payment before you ${applyLink}.</p>`,
  },
  {
    title: 'We have moved to a new payment gateway',
    summary: 'Card and wallet payments now go through a faster gateway with instant confirmation.',
    author: 'Product Team',
    image: 'phone',
    daysAgo: 55,
    body: `<p>Repayments made in the app now go through our new payment gateway. You will see the gateway's page briefly, confirm the payment, and come straight back to the app with the result.</p>
${figure('phone', 'A phone', 'If you close the gateway page, nothing is charged and you can try again.')}
<p>Your instalments are marked paid as soon as the gateway confirms, usually within seconds.</p>`,
  },
  {
    title: 'Our privacy policy, in plain words',
    summary: 'What we collect, why, who we share it with, and how to ask us to delete it.',
    author: 'Compliance',
    image: 'security',
    daysAgo: 60,
    body: `<p>We have rewritten our privacy policy so that it can be read in five minutes.</p>
<h2>What we collect</h2>
<p>Your phone number, name, ID card number and bank card number, your loans and repayments, and the device you use to sign in.</p>
<h2>Why</h2>
<p>To verify who you are, to lend and collect repayments, to meet legal duties, and to keep your account secure.</p>
${figure('security', 'A shield with a tick', 'You can ask for a copy of your data at any time.')}
<h2>Your rights</h2>
<p>You can see, correct and, once you owe nothing, delete your data. Contact customer service to ask.</p>`,
  },
  {
    title: 'Welcome to the platform',
    summary: 'Transparent consumer instalment loans: every figure shown before you sign.',
    author: 'Editorial',
    image: 'growth',
    daysAgo: 70,
    body: `<p>We built this platform on one promise: you will see every figure before you sign. The monthly payment, the interest, the fee and the total cost are all on the apply page.</p>
${figure('growth', 'A rising line', 'Simple, transparent instalment loans.')}
<h2>Getting started</h2>
<p>Register with your phone number, then ${applyLink}. Approved loans are paid into your bank card and repaid in equal monthly instalments.</p>`,
  },
];
