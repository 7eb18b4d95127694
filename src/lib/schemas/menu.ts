/** Menu node (spec §3); menus 1 header, 2 about, 3 legal, 4 help, 5 shopping, 6 mobile (§7). */
import { z } from './common';

export const MenuNodeSchema = /*#__PURE__*/ (() =>
  z.looseObject({
    node_id: z.number().int(),
    content: z.string(),
    classes: z.string().default(''),
    parent_id: z.number().int().nullable(),
    title: z.string().min(1),
    position: z.number().default(0),
  }))();
export type MenuNode = z.output<typeof MenuNodeSchema>;

export const MENU_IDS = { header: 1, about: 2, legal: 3, help: 4, shopping: 5, mobile: 6 } as const;
export const MenusSchema = /*#__PURE__*/ (() => z.record(z.enum(['1', '2', '3', '4', '5', '6']), z.array(MenuNodeSchema)))();
export type Menus = z.output<typeof MenusSchema>;
