import { Type } from '@sinclair/typebox';
import { NUMBER_MAX, Text, URL_MAX, WORD_MAX } from './bounds';

/**
 * The sandbox gateway (never in production): the app sends the browser to its page with a
 * payment number and a return address; the payer confirms or cancels; the browser goes back.
 * Every field is text the gateway judges itself, as a real gateway would, answering with a page.
 */
export const SandboxPayQuery = Type.Object({
  payment_no: Type.Optional(Text(NUMBER_MAX)),
  channel: Type.Optional(Text(WORD_MAX)),
  return_url: Type.Optional(Text(URL_MAX)),
});

/** The page's form: `decision` is the button pressed, `pay` or `cancel`. */
export const SandboxConfirmForm = Type.Composite([SandboxPayQuery, Type.Object({ decision: Type.Optional(Text(WORD_MAX)) })]);

/** An HTML page for the payer's browser. */
export const GatewayPage = Type.String({ description: 'text/html' });

/** The browser is sent back to the app's return address, with the payment's result in it. */
export const BackToApp = Type.Null({ description: '303 to the return address' });
