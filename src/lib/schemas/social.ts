/** Social photo feed settings (the social-settings extension; the snapshot holds a fallback). */
import { z, ImageRef } from './common';

export const SocialSettingsSchema = /*#__PURE__*/ (() =>
  z.object({
    title: z.string(),
    handle: z.string(),
    profileUrl: z.string(),
    images: z.array(z.object({ image: ImageRef, link: z.string(), caption: z.string().default('') })),
  }))();
export type SocialSettings = z.output<typeof SocialSettingsSchema>;
