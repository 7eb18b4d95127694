/**
 * Elasticsearch's error answers as its REST layer writes them: `{ error: { root_cause, type, reason, ... }, status }`.
 * A search that fails in every shard is a `search_phase_execution_exception` ("all shards failed") whose
 * root cause names what went wrong; a body the parser cannot read is a `parsing_exception`.
 */
export type EsVersion = 5 | 6 | 7;

export interface EsAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** A failure the stand-in answers with ES's error body. */
export class EsError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(JSON.stringify(body));
  }
}

/** A request-level error (the body cannot be parsed): no shard ran. */
export function parsingError(reason: string, status = 400): EsError {
  const cause = { type: 'parsing_exception', reason, line: 1, col: 1 };
  return new EsError(status, { error: { root_cause: [cause], ...cause }, status });
}

/** An error every shard raised (the search ran and failed): ES wraps it in `search_phase_execution_exception`. */
export function shardsFailed(index: string, type: string, reason: string, status = 400): EsError {
  const cause = { type, reason, index_uuid: 'stand-in', index };
  return new EsError(status, {
    error: {
      root_cause: [cause],
      type: 'search_phase_execution_exception',
      reason: 'all shards failed',
      phase: 'query',
      grouped: true,
      failed_shards: [{ shard: 0, index, node: 'stand-in-node', reason: cause }],
      caused_by: { type, reason },
    },
    status,
  });
}

/**
 * `from + size` beyond `index.max_result_window`. ES 5 raised it as a 500 (`query_phase_execution_exception`
 * in each shard); ES 6 and 7 check it before the shards run and answer 400.
 */
export function resultWindowError(version: EsVersion, index: string, window: number, asked: number): EsError {
  const reason =
    `Result window is too large, from + size must be less than or equal to: [${window}] but was [${asked}]. ` +
    'See the scroll api for a more efficient way to request large data sets. ' +
    `This limit can be set by changing the [index.max_result_window] index level ${version === 5 ? 'parameter' : 'setting'}.`;
  return version === 5 ? shardsFailed(index, 'query_phase_execution_exception', reason, 500) : shardsFailed(index, 'illegal_argument_exception', reason, 400);
}

/** What this stand-in does not model: an error, never a silently different answer. */
export function unsupported(what: string): EsError {
  return new EsError(400, {
    error: {
      root_cause: [{ type: 'stand_in_unsupported', reason: what }],
      type: 'stand_in_unsupported',
      reason: `the Elasticsearch stand-in does not model ${what}`,
    },
    status: 400,
  });
}
