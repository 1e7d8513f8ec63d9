/** The mall and learning tables typed code reads; the others are reached through their declarations. */

import type { AuditColumns, TenantOwned } from './columns.js';

export interface MeetingTable extends AuditColumns, TenantOwned {
  title: string;
  start_time: string;
  end_time: string | null;
  code_quantity: number;
  code_valid_until: string;
  codes_generated: number;
}

export interface EquityCodeTable extends AuditColumns, TenantOwned {
  meeting_id: number;
  code: string;
  valid_until: string;
  used_by: number | null;
  used_time: string | null;
}

export interface OrderTable extends AuditColumns, TenantOwned {
  order_no: string;
  mall_user_id: number;
  total_amount: number;
  pay_amount: number;
  pay_status: number;
  pay_type: number | null;
  pay_time: string | null;
  ship_status: number;
  receiver: string | null;
  receiver_phone: string | null;
  address: string | null;
  remark: string | null;
}

export interface OrderItemTable extends TenantOwned {
  order_id: number;
  product_id: number;
  product_name: string;
  price: number;
  quantity: number;
  amount: number;
}

export interface ProductTable extends AuditColumns, TenantOwned {
  name: string;
  category: number;
  cover: string | null;
  images: string | null;
  price: number;
  original_price: number | null;
  stock: number;
  sales: number;
  sort: number;
  description: string | null;
}

export interface MallUserTable extends AuditColumns, TenantOwned {
  nickname: string;
  real_name: string | null;
  phone: string | null;
  avatar: string | null;
  gender: number | null;
  level: number;
  points: number;
}

export interface LivingTable extends AuditColumns, TenantOwned {
  title: string;
  cover: string | null;
  host: string | null;
  start_time: string;
  end_time: string | null;
  stream_url: string | null;
  playback_url: string | null;
}

/** Its tables, by name (a part of `Database`). */
export interface MallTables {
  mall_meeting: MeetingTable;
  mall_equity_code: EquityCodeTable;
  mall_order: OrderTable;
  mall_order_item: OrderItemTable;
  mall_product: ProductTable;
  mall_user: MallUserTable;
  mall_living: LivingTable;
}
