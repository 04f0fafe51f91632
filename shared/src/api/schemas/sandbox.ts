import { Type } from '@sinclair/typebox';

/**
 * The sandbox gateway (never in production): the app sends the browser to its page with a
 * payment number and a return address; the payer confirms or cancels; the browser goes back.
 * Every field is text the gateway judges itself, as a real gateway would, answering with a page.
 */
export const SandboxPayQuery = Type.Object({
  payment_no: Type.Optional(Type.String()),
  channel: Type.Optional(Type.String()),
  return_url: Type.Optional(Type.String()),
});

/** The page's form: `decision` is the button pressed, `pay` or `cancel`. */
export const SandboxConfirmForm = Type.Composite([SandboxPayQuery, Type.Object({ decision: Type.Optional(Type.String()) })]);

/** An HTML page for the payer's browser. */
export const GatewayPage = Type.String({ description: 'text/html' });

/** The browser is sent back to the app's return address, with the payment's result in it. */
export const BackToApp = Type.Null({ description: '303 to the return address' });
