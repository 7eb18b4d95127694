/** CMS error code (spec §3 CMS, §4): 0 on success, 400 on a 4xx answer, 500 on a 5xx answer. */

export type CmsErrorCode = 0 | 400 | 500;

/**
 * The cmsError for an HTTP status: 2xx and 3xx give 0, 4xx give 400, 5xx give 500. A status that
 * is not an answer (0 for a failed fetch, or anything else) counts as a server error, 500.
 */
export function cmsErrorCode(status: number): CmsErrorCode {
  if (status >= 200 && status < 400) return 0;
  if (status >= 400 && status < 500) return 400;
  return 500;
}
