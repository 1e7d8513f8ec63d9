import type { Bilingual } from './bilingual.js';

/** Orders, stock, activities and equity codes. */
export const mallMessages = {
  outOfStock: { zh: '商品「{name}」库存不足', en: 'Not enough stock of "{name}"' },
  productOffShelf: { zh: '商品「{name}」已下架', en: '"{name}" is not on sale' },
  orderTransition: {
    zh: '订单的{what}不能从「{from}」改为「{to}」',
    en: 'The order’s {what} cannot change from "{from}" to "{to}"',
  },
  orderTransitionNeeds: {
    zh: '订单的{what}须为「{status}」才能这样修改',
    en: 'This change needs the order’s {what} to be "{status}"',
  },
  orderNewStatus: {
    zh: '新订单只能是待支付或已支付，且尚未发货',
    en: 'A new order is unpaid or paid, and not shipped yet',
  },
  orderLinesLocked: {
    zh: '订单创建后不能修改商品明细',
    en: 'The lines of an order cannot change once it is placed',
  },
  activityFull: { zh: '活动名额已满', en: 'The activity is full' },
  signupClosed: { zh: '不在活动报名时间内', en: 'Sign-up for this activity is not open' },
  generationBusy: { zh: '权益码正在生成，请稍后再试', en: 'Codes are being generated; try again shortly' },
  equityCodesTooMany: {
    zh: '一个会议最多生成 {max} 个权益码，当前设置为 {quantity} 个，请减少权益码数量',
    en: 'A meeting issues at most {max} equity codes; it asks for {quantity}, so lower the number',
  },
} satisfies Record<string, Bilingual>;
