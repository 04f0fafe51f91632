/** How personal numbers are shown: enough to recognise, not enough to steal. */
export function maskPhone(phone: string): string {
  return /^\d{11}$/.test(phone) ? `${phone.slice(0, 3)}****${phone.slice(7)}` : phone;
}

/**
 * A person's name with only its first character shown (the family name of a Chinese name):
 * 王小明 → 王**, Li Lei → L*****. Counted in characters, not UTF-16 units.
 */
export function maskName(name: string): string {
  const [first, ...rest] = Array.from(name);
  return first === undefined ? name : `${first}${'*'.repeat(Math.max(rest.length, 1))}`;
}

export function maskIdCard(id: string): string {
  return id.length > 7 ? `${id.slice(0, 3)}${'*'.repeat(id.length - 7)}${id.slice(-4)}` : id;
}

export function maskBankCard(card: string): string {
  return card.length > 4 ? `**** **** **** ${card.slice(-4)}` : card;
}

export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at < 1) return email;
  const name = email.slice(0, at);
  return `${name[0]}${'*'.repeat(Math.max(name.length - 1, 3))}${email.slice(at)}`;
}
