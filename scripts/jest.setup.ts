import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom leaves out the encoding API that browsers (and react-router) have.
if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom does not lay out or scroll; pages that restore a scroll position only need the call to exist.
if (typeof window !== 'undefined') window.scrollTo = () => {};

// jsdom has no User Timing; the hosts' loader marks where its idle fetches start.
if (typeof performance.mark !== 'function') Object.assign(performance, { mark: () => undefined });
