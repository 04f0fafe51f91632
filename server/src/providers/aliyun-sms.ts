import Dysmsapi, { SendSmsRequest } from '@alicloud/dysmsapi20170525';
import { Config } from '@alicloud/openapi-client';
import type { FastifyBaseLogger } from 'fastify';
import type { AliyunSmsSettings } from '../settings/config';
import type { ReminderKind } from '../db/tables';
import type { SmsMessage, SmsProvider } from './sms';
import { withoutQueries } from './failures';

/** Aliyun's answer when it refuses (HTTP 200 with another Code, or an HTTP error the SDK turns into one). */
export class AliyunRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`Aliyun SMS refused: ${code} ${message}`);
    this.name = 'AliyunRefusal';
  }
}

/** `host[:port]` as the SDK wants it, and the protocol a URL names (HTTPS unless it says http://). */
function endpointOf(endpoint: string): { endpoint: string; protocol: 'https' | 'http' } {
  const match = /^(https?):\/\/([^/]+)\/?$/.exec(endpoint);
  return match ? { protocol: match[1] as 'http' | 'https', endpoint: match[2] } : { protocol: 'https', endpoint };
}

/**
 * SendSms through Aliyun's official SDK (dysmsapi 2017-05-25, signed ACS3-HMAC-SHA256). A code
 * goes out in the verification template as `{"code":"…"}`; a reminder in its own template.
 */
export class AliyunSmsProvider implements SmsProvider {
  private readonly client: Dysmsapi;

  constructor(
    private readonly settings: AliyunSmsSettings,
    private readonly log: FastifyBaseLogger,
  ) {
    this.client = new Dysmsapi(
      new Config({
        accessKeyId: settings.accessKeyId,
        accessKeySecret: settings.accessKeySecret,
        ...endpointOf(settings.endpoint),
        readTimeout: settings.timeoutMs,
        connectTimeout: settings.timeoutMs,
      }),
    );
  }

  sendsReminders(kind: ReminderKind): boolean {
    return this.templateOf(kind) !== null;
  }

  private templateOf(kind: ReminderKind): string | null {
    const templates: Record<ReminderKind, string | null | undefined> = {
      due: this.settings.dueTemplateCode,
      overdue: this.settings.overdueTemplateCode,
      autopay_due: this.settings.autopayDueTemplateCode,
      autopay_charged: this.settings.autopayChargedTemplateCode,
      autopay_failed: this.settings.autopayFailedTemplateCode,
    };
    return templates[kind] ?? null;
  }

  async send(message: SmsMessage): Promise<void> {
    const templateCode = message.kind === 'code' ? this.settings.templateCode : this.templateOf(message.reminder);
    if (!templateCode) throw new AliyunRefusal('NoTemplate', `no template for ${message.kind === 'reminder' ? message.reminder : 'codes'}`);
    const params = message.kind === 'code' ? { code: message.code } : message.params;
    let answer: { code?: string; message?: string; bizId?: string } | undefined;
    try {
      answer = (
        await this.client.sendSms(
          new SendSmsRequest({
            phoneNumbers: message.mobile,
            signName: this.settings.signName,
            templateCode,
            templateParam: JSON.stringify(params),
          }),
        )
      ).body;
    } catch (error) {
      // The SDK's errors carry Aliyun's Code for HTTP refusals, or the network's for time-outs.
      const failure = error as { code?: string; message?: string };
      throw new AliyunRefusal(failure.code ?? 'Unreachable', withoutQueries(failure.message ?? String(error)));
    }
    if (answer?.code !== 'OK') throw new AliyunRefusal(answer?.code ?? 'NoAnswer', answer?.message ?? '');
    this.log.info({ kind: message.kind, template: templateCode, bizId: answer.bizId }, 'SMS sent through Aliyun');
  }
}
