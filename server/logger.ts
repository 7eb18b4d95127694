/** Server logs: one line per request, with every token removed (tokens never reach the logs). */

export interface Logger {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

const TOKEN_PARAM = /([?&](?:token|refreshToken|cartId|o)=)[^&\s]*/gi;
/** Our signed tokens: two base64url parts joined by a dot. */
const SIGNED = /[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}/g;
const BEARER = /(Bearer\s+)\S+/gi;
const ORDER_INFO = /(\/order-info\/)[^/?\s]+/g;

/** Removes token-like values (query parameters, bearer values, signed tokens, order-info tokens). */
export function redact(text: string): string {
  return text.replace(TOKEN_PARAM, '$1[redacted]').replace(BEARER, '$1[redacted]').replace(ORDER_INFO, '$1[redacted]').replace(SIGNED, '[redacted]');
}

/** A logger writing redacted lines to a sink (console by default); `silent` drops info lines. */
export function createLogger(opts: { silent?: boolean; sink?: (line: string) => void } = {}): Logger {
  const sink = opts.sink ?? ((line: string) => process.stdout.write(line + '\n'));
  const write = (level: string, msg: string) => sink(`${new Date().toISOString()} ${level} ${redact(msg)}`);
  return {
    info: (m) => {
      if (!opts.silent) write('info', m);
    },
    warn: (m) => write('warn', m),
    error: (m) => write('error', m),
  };
}
