import type { SmsEvent } from '@instalment/contract/api';
import type { ReminderKind } from '../db/tables';

/** A verification code for one phone and event. */
export interface CodeMessage {
  kind: 'code';
  mobile: string;
  event: SmsEvent;
  code: string;
}

/** A due reminder: its text is the provider's template, filled with these. */
export interface ReminderMessage {
  kind: 'reminder';
  mobile: string;
  reminder: ReminderKind;
  params: { order: string; period: string; amount: string; date: string };
}

export type SmsMessage = CodeMessage | ReminderMessage;

/**
 * Delivers a message, or throws: the caller then treats it as not sent. `SMS_PROVIDER` picks
 * Aliyun (providers/aliyun-sms.ts) or the development outbox.
 */
export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
  /** Whether reminders of this kind can be sent at all (Aliyun needs a template for each). */
  sendsReminders(kind: ReminderKind): boolean;
}
