/** Sync task (spec §3): one queued API call. */
import { z, opt } from './common';

export const SyncTaskSchema = /*#__PURE__*/ (() =>
  z.object({
    task_id: z.number().int(),
    url: z.string().min(1),
    payload: z.object({
      method: z.enum(['GET', 'POST', 'PUT', 'DELETE']),
      headers: z.record(z.string(), z.string()).default({}),
      mode: z.string().optional(),
      body: z.string().optional(),
    }),
    transmited: z.boolean(),
    transmited_at: opt(z.string()),
    result: z.unknown().optional(),
    resultCode: z.union([z.number(), z.string()]).optional(),
    callback_event: z.string().optional(),
    silent: z.boolean().default(false),
    is_result_cacheable: z.boolean().optional(),
  }))();
export type SyncTask = z.output<typeof SyncTaskSchema>;
export type SyncTaskInput = z.input<typeof SyncTaskSchema>;
