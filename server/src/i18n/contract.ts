import { defineMessages } from '@instalment/contract/i18n';

/**
 * The loan contract's wording in both languages: the server composes the template and each
 * signed contract from it in the reader's language. It lives in the server, so the app never
 * downloads it.
 */
export const contractMessages = defineMessages({
  en: {
    title: 'Consumer Instalment Loan Contract',
    roleLender: 'Lender',
    roleBorrower: 'Borrower',
    lenderName: 'Instalment Finance Co., Ltd.',
    lenderAddress: '1000 Lujiazui Ring Road, Pudong New Area, Shanghai',
    templateAmount: 'the amount the Borrower applies for, from {min} to {max}',
    templateTerm: 'the term the Borrower chooses ({terms} months)',
    templateRange: '{low} to {high} per month, according to the term chosen',
    templateApr: '{low} to {high} a year, according to the term chosen',
    templateAccount: "the bank card in the Borrower's own name given in the application",
    firstDueLater: 'one month after the loan is disbursed',
    firstDueOn: 'one month after disbursement on {date}',
    loanTerm: '{n} months',
    perMonth: '{rate} per month',
    perYear: '{rate} a year',
    loanAccount: "the Borrower's {bank} card {card}",
    clause1: '1. Loan amount and purpose',
    clause1Body:
      'The Lender agrees to lend the Borrower {amount}. The Borrower shall use the loan only for the personal consumption purpose stated in the application and not for buying securities, futures or real estate, nor for any unlawful purpose.',
    clause2: '2. Term and repayment',
    clause2Body:
      'The loan runs for {term}. It is repaid in equal monthly instalments of principal and interest; the first instalment falls due {firstDue} and each later instalment on the same day of the following months (the last day of a shorter month). The repayment schedule shown in the app forms part of this contract.',
    clause3: '3. Interest and service fee',
    clause3Body:
      'Interest accrues at {rate} on the principal outstanding. A service fee of {fee} of the original amount is charged with every instalment. The annual percentage rate, counting interest and fees, is {apr}. The Lender has shown the Borrower the total cost of the loan, including the annualised rate, before signing.',
    clause4: '4. Disbursement',
    clause4Body:
      "Once the application is approved, the Lender pays the loan into {account}. The loan is deemed disbursed when the Lender's payment instruction is executed.",
    clause5: '5. Early repayment',
    clause5Body:
      'The Borrower may repay one or more instalments before they fall due, in order, at no extra charge, or repay the whole loan at any time. Interest is charged only for the time the principal was outstanding: repaying the whole loan costs the principal not yet repaid, what is unpaid of the instalments already due, and interest since the last due date at the monthly rate × 12 / 365 a day; no interest or fee is charged for months not yet begun.',
    clause6: '6. Late payment',
    clause6Body:
      "An instalment not paid by the end of its due date is overdue from the following day. A penalty of {penalty} per day of the overdue instalment's principal and interest accrues until it is paid. The Lender may report overdue payments to the credit reference centre of the People's Bank of China and to other lawfully established credit reference agencies.",
    clause7: "7. The Borrower's undertakings",
    clause7Body:
      'The Borrower confirms that the information given in the application is true, complete and their own, and shall inform the Lender within 7 days of any change to their phone number, address, employment or bank card.',
    clause8: '8. Personal information',
    clause8Body:
      "The Borrower authorises the Lender to collect, store and use the Borrower's personal information to assess, grant and manage the loan, and to query and report credit information, as permitted by the Personal Information Protection Law of the People's Republic of China.",
    clause9: '9. Disputes',
    clause9Body:
      "This contract is governed by the laws of the People's Republic of China. Disputes are first settled by negotiation; failing that, either party may bring proceedings before the people's court of the place where the Lender is registered.",
    clause10: '10. Effect',
    clause10Body:
      'This contract is concluded electronically. It takes effect when the Borrower confirms it in the app and the Lender approves the application, and ends when every amount owed under it has been paid.',
  },
  'zh-CN': {
    title: '消费分期借款合同',
    roleLender: '出借人',
    roleBorrower: '借款人',
    lenderName: '分期金融有限公司',
    lenderAddress: '上海市浦东新区陆家嘴环路 1000 号',
    templateAmount: '借款人申请的金额（{min} 至 {max}）',
    templateTerm: '借款人选择的期限（{terms} 个月）',
    templateRange: '每月 {low} 至 {high}，依所选期限而定',
    templateApr: '每年 {low} 至 {high}，依所选期限而定',
    templateAccount: '借款人在申请中提供的本人名下银行卡',
    firstDueLater: '放款后一个月',
    firstDueOn: '{date} 放款后一个月',
    loanTerm: '{n} 个月',
    perMonth: '每月 {rate}',
    perYear: '每年 {rate}',
    loanAccount: '借款人的{bank}银行卡 {card}',
    clause1: '一、借款金额与用途',
    clause1Body:
      '出借人同意向借款人出借{amount}。借款人仅可将借款用于申请中载明的个人消费用途，不得用于购买证券、期货或房地产，亦不得用于任何违法用途。',
    clause2: '二、借款期限与还款',
    clause2Body:
      '借款期限为{term}。借款按月等额本息偿还；首期于{firstDue}到期，此后各期于之后各月的同一日到期（当月无该日的，为当月最后一日）。应用中展示的还款计划为本合同的组成部分。',
    clause3: '三、利息与服务费',
    clause3Body:
      '利息按未还本金以{rate}计收。每期按原借款金额的{fee}收取服务费。计入利息和服务费的年化利率为{apr}。出借人已在签约前向借款人展示借款的全部成本，包括年化利率。',
    clause4: '四、放款',
    clause4Body: '申请获批后，出借人将借款发放至{account}。出借人的付款指令执行完毕即视为放款完成。',
    clause5: '五、提前还款',
    clause5Body:
      '借款人可按顺序提前偿还一期或多期，不收取额外费用，也可随时提前结清全部借款。利息仅按本金实际占用的时间计收：提前结清需偿还未还本金、已到期各期的未付款项，以及自上一到期日起按月利率 × 12 / 365 逐日计算的利息；尚未开始的月份不收取利息或服务费。',
    clause6: '六、逾期还款',
    clause6Body:
      '到期日结束时仍未偿还的分期自次日起逾期。逾期分期的本金和利息按每日{penalty}计收罚息，直至还清。出借人可将逾期信息报送中国人民银行征信中心及其他依法设立的征信机构。',
    clause7: '七、借款人承诺',
    clause7Body: '借款人确认申请中提供的信息真实、完整且属于本人，其手机号、住址、工作或银行卡发生变化的，应在 7 日内告知出借人。',
    clause8: '八、个人信息',
    clause8Body:
      '借款人授权出借人在《中华人民共和国个人信息保护法》允许的范围内，为审核、发放和管理借款以及查询、报送征信信息而收集、存储和使用借款人的个人信息。',
    clause9: '九、争议解决',
    clause9Body: '本合同适用中华人民共和国法律。争议先行协商解决；协商不成的，任一方可向出借人注册地人民法院提起诉讼。',
    clause10: '十、合同生效',
    clause10Body: '本合同以电子方式订立，自借款人在应用中确认且出借人批准申请时生效，至本合同项下全部款项清偿完毕时终止。',
  },
});

export type ContractMessageKey = keyof (typeof contractMessages)['en'];
