import type { Kysely } from 'kysely';
import { ADMIN_TENANT } from '../../core/http.js';
import { nextId } from '../../core/ids.js';
import { toDbTime, utcNow } from '../../core/time.js';
import { created, SERVER } from '../audit.js';
import type { DataAccess } from '../database.js';
import { dynamic } from '../dynamic-db.js';
import { liveRowBy } from '../live-row.js';
import type { Database } from '../tables.js';

/** Marks a database that already has the demo content (a parameter, so it shows in the UI). */
const MARKER = 'demo.seeded';

/** A small deterministic generator, so every fresh install gets the same shop. */
function random(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!,
  };
}

const PRODUCTS = [
  '无线耳机',
  '保温杯',
  '帆布包',
  '笔记本',
  '钢笔礼盒',
  '台灯',
  '机械键盘',
  '双肩包',
  '瑜伽垫',
  '跳绳',
  '咖啡豆',
  '绿茶',
  '蓝牙音箱',
  '充电宝',
  '数据线',
  '手机支架',
  '雨伞',
  '运动水壶',
  '围巾',
  '手套',
];
const ADJECTIVES = ['经典款', '升级版', '轻薄', '便携', '大容量', '限定', '简约', '复古', '专业版', '家庭装'];
const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴'];
const GIVEN = ['子涵', '一诺', '欣怡', '梓轩', '浩然', '雨桐', '宇航', '思远', '嘉怡', '俊杰'];
const COLUMNS = ['职场技能', '编程入门', '财务管理', '亲子教育', '健康生活', '外语学习'];
const TEACHERS = ['陈老师', '林老师', '周老师', '郑老师', '何老师'];

const day = 24 * 3600 * 1000;
const at = (msAgo: number) => toDbTime(new Date(Date.now() - msAgo));
const audit = (time: string) => ({
  ...created(SERVER, time),
  status: 1,
  is_deleted: 0,
});

async function batch(db: Kysely<Database>, table: string, rows: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200)
    await dynamic(db)
      .insertInto(table)
      .values(rows.slice(i, i + 200))
      .execute();
}

/**
 * A living shop for the administrator tenant: products, customers, two months of orders,
 * lessons, live sessions, activities and content. Seeded once (the parameter demo.seeded marks
 * it); `SEED_DEMO=false` skips it.
 */
export async function seedDemo(data: DataAccess): Promise<boolean> {
  const db = data.forTenant(ADMIN_TENANT);
  if (await liveRowBy(data.global, 'blade_param', 'param_key', MARKER)) return false;
  const r = random(20261121);
  await db.transaction().execute(async (trx) => {
    const users = Array.from({ length: 240 }, (_, i) => ({
      id: nextId(),
      tenant_id: ADMIN_TENANT,
      nickname: `${r.pick(SURNAMES)}${r.pick(GIVEN)}`,
      real_name: `${r.pick(SURNAMES)}${r.pick(GIVEN)}`,
      phone: `13${r.int(0, 9)}${String(10_000_000 + i * 3_911).slice(0, 8)}`,
      avatar: null,
      gender: r.int(1, 2),
      level: r.int(1, 3),
      points: r.int(0, 5000),
      ...audit(at(r.int(0, 90) * day + r.int(0, day))),
    }));
    await batch(trx, 'mall_user', users);

    const products = Array.from({ length: 320 }, (_, i) => {
      const price = r.int(9, 899) * 100 + r.pick([0, 90, 99]);
      return {
        id: nextId(),
        tenant_id: ADMIN_TENANT,
        name: `${r.pick(ADJECTIVES)}${PRODUCTS[i % PRODUCTS.length]}`,
        category: r.int(1, 8),
        cover: null,
        images: null,
        price,
        original_price: Math.round(price * 1.2),
        stock: r.int(50, 500),
        sales: 0,
        sort: i,
        description: '<p>精选好物，七天无理由退换。</p>',
        ...audit(at(r.int(30, 120) * day)),
        status: r.next() < 0.85 ? 1 : 0,
      };
    });
    const onSale = products.filter((p) => p.status === 1);
    const orders: Record<string, unknown>[] = [];
    const items: Record<string, unknown>[] = [];
    for (let i = 0; i < 600; i++) {
      const time = at(r.int(0, 59) * day + r.int(0, day));
      const id = nextId();
      let total = 0;
      for (let l = r.int(1, 3); l > 0; l--) {
        const product = r.pick(onSale);
        const quantity = r.int(1, 3);
        product.stock -= quantity;
        product.sales += quantity;
        total += product.price * quantity;
        items.push({
          id: nextId(),
          tenant_id: ADMIN_TENANT,
          order_id: id,
          product_id: product.id,
          product_name: product.name,
          price: product.price,
          quantity,
          amount: product.price * quantity,
        });
      }
      const paid = r.next() < 0.8;
      orders.push({
        id,
        tenant_id: ADMIN_TENANT,
        order_no: `${time.slice(0, 10).replace(/-/g, '')}${String(100_000_000_000 + i * 7_919)}`,
        mall_user_id: r.pick(users).id,
        total_amount: total,
        pay_amount: total,
        pay_status: paid ? 1 : r.pick([0, 3]),
        pay_type: paid ? r.int(1, 3) : null,
        pay_time: paid ? time : null,
        ship_status: paid ? r.int(0, 2) : 0,
        receiver: `${r.pick(SURNAMES)}${r.pick(GIVEN)}`,
        receiver_phone: null,
        address: '上海市浦东新区世纪大道 100 号',
        remark: null,
        ...audit(time),
      });
    }
    for (const p of products) p.stock = Math.max(0, p.stock);
    await batch(trx, 'mall_product', products);
    await batch(trx, 'mall_order', orders);
    await batch(trx, 'mall_order_item', items);

    const columns = COLUMNS.map((name, i) => ({
      id: nextId(),
      tenant_id: ADMIN_TENANT,
      name,
      cover: null,
      description: `${name}系列课程`,
      sort: i,
      ...audit(at(120 * day)),
    }));
    await batch(trx, 'mall_lesson_column', columns);
    const lessons = Array.from({ length: 72 }, (_, i) => ({
      id: nextId(),
      tenant_id: ADMIN_TENANT,
      column_id: columns[i % columns.length]!.id,
      title: `${COLUMNS[i % COLUMNS.length]} 第${Math.floor(i / COLUMNS.length) + 1}讲`,
      cover: null,
      teacher: r.pick(TEACHERS),
      lesson_type: r.int(1, 2),
      video_url: null,
      duration_minutes: r.int(15, 90),
      price: i % 4 === 0 ? 0 : r.int(19, 199) * 100,
      free: i % 4 === 0 ? 1 : 0,
      sort: i,
      description: null,
      ...audit(at(r.int(10, 100) * day)),
    }));
    await batch(trx, 'mall_lesson', lessons);
    await batch(
      trx,
      'mall_living',
      Array.from({ length: 12 }, (_, i) => ({
        id: nextId(),
        tenant_id: ADMIN_TENANT,
        title: `${COLUMNS[i % COLUMNS.length]}直播答疑`,
        cover: null,
        host: r.pick(TEACHERS),
        start_time: at((6 - i) * 2 * day),
        end_time: at((6 - i) * 2 * day - 2 * 3600 * 1000),
        stream_url: null,
        playback_url: null,
        ...audit(at(20 * day)),
        status: i < 6 ? 2 : 0,
      })),
    );
    await batch(
      trx,
      'mall_banner',
      ['春季上新', '会员日', '新课上线', '直播预告', '限时秒杀'].map((title, i) => ({
        id: nextId(),
        tenant_id: ADMIN_TENANT,
        title,
        image: '/favicon.svg',
        link_url: '/mall/product',
        target: '_self',
        position: 1,
        sort: i,
        valid_from: at(10 * day),
        valid_to: at(-30 * day),
        ...audit(at(10 * day)),
      })),
    );
    await batch(
      trx,
      'mall_activity',
      ['读书分享会', '周末徒步', '亲子手工', '编程马拉松'].map((title, i) => ({
        id: nextId(),
        tenant_id: ADMIN_TENANT,
        title,
        cover: null,
        address: '社区活动中心',
        start_time: at(-(i + 1) * 7 * day),
        end_time: null,
        signup_start: at(5 * day),
        signup_end: at(-(i + 1) * 6 * day),
        quota: 30 + i * 10,
        signed_count: 0,
        content: null,
        ...audit(at(5 * day)),
      })),
    );
    await dynamic(trx)
      .insertInto('blade_param')
      .values({
        id: nextId(),
        param_name: '演示数据',
        param_key: MARKER,
        param_value: utcNow(),
        remark: 'demo content was seeded',
        ...audit(utcNow()),
      })
      .execute();
  });
  return true;
}
