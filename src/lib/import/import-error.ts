/** What every part of the VSFA import shares: the default index name and the error of an import that wrote nothing. */
import type { Problem } from './from-vsf/common';

/** vue-storefront-api's default Elasticsearch index (config/default.json `elasticsearch.indices[0]`). */
export const DEFAULT_INDEX = 'vue_storefront_catalog';

/** An import that wrote nothing; `problems` are the records it skipped or partly mapped on the way (file, id, field, reason). */
export class ImportError extends Error {
  constructor(
    message: string,
    readonly problems: readonly Problem[] = [],
  ) {
    super(message);
  }
}
