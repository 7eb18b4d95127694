/**
 * The shop's one configuration object: store views, switches and every constant of spec §9.
 * Validated by zod when built or started; `PUBLIC_*` environment variables override the defaults
 * (see docs/configuration.md). An invalid value throws an error naming the variable.
 */
import { loadConfig, readEnv, type Config, type StoreView } from './schema';

export { loadConfig, defaults, ENV_OVERRIDES, type Config, type StoreView } from './schema';

/** The shop's configuration for this build or process. */
export const config: Config = loadConfig(readEnv());

/** Every store view that is enabled in this build (the default one, plus the others when multistore is on). */
export function enabledStoreViews(cfg: Config = config): StoreView[] {
  if (!cfg.storeViews.multistore) return [cfg.storeViews.default];
  return [cfg.storeViews.default, ...cfg.storeViews.others.map((s) => ({ ...s, disabled: false }))];
}

/** True when an attribute code is filterable by default (§9: color, size, price, brand, pj_ attributes). */
export function isFilterableAttribute(code: string, cfg: Config = config): boolean {
  return cfg.filterableAttributes.includes(code) || code.startsWith('pj_');
}
