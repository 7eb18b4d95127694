/** Banners per store code (spec §3 Banners). */
import { z, opt, ImageRef } from './common';

export const BannerSchema = /*#__PURE__*/ (() =>
  z.looseObject({
    image: ImageRef,
    title: z.string(),
    subtitle: z.string().default(''),
    link: z.string(),
    button_title: opt(z.string()),
  }))();
export type Banner = z.output<typeof BannerSchema>;

export const BannersSchema = /*#__PURE__*/ (() =>
  z.object({
    mainBanners: z.array(BannerSchema),
    smallBanners: z.array(BannerSchema),
    productBanners: z.array(BannerSchema),
    headImage: opt(BannerSchema),
  }))();
export type Banners = z.output<typeof BannersSchema>;
