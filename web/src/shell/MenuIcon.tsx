import { type ComponentType, useEffect, useState } from 'react';

type Load = () => Promise<{ default: ComponentType }>;

/**
 * Menu icons by antd component name (the menu's source): a curated set, each icon its own small
 * chunk, so the shell loads only the icons its menus show. Unknown names fall back to the default
 * menu icon.
 */
const loaders: Record<string, Load> = {
  AccountBookOutlined: () => import('@ant-design/icons/es/icons/AccountBookOutlined'),
  ApartmentOutlined: () => import('@ant-design/icons/es/icons/ApartmentOutlined'),
  ApiOutlined: () => import('@ant-design/icons/es/icons/ApiOutlined'),
  AppstoreOutlined: () => import('@ant-design/icons/es/icons/AppstoreOutlined'),
  AuditOutlined: () => import('@ant-design/icons/es/icons/AuditOutlined'),
  BankOutlined: () => import('@ant-design/icons/es/icons/BankOutlined'),
  BarChartOutlined: () => import('@ant-design/icons/es/icons/BarChartOutlined'),
  BellOutlined: () => import('@ant-design/icons/es/icons/BellOutlined'),
  BlockOutlined: () => import('@ant-design/icons/es/icons/BlockOutlined'),
  BookOutlined: () => import('@ant-design/icons/es/icons/BookOutlined'),
  BranchesOutlined: () => import('@ant-design/icons/es/icons/BranchesOutlined'),
  BugOutlined: () => import('@ant-design/icons/es/icons/BugOutlined'),
  BuildOutlined: () => import('@ant-design/icons/es/icons/BuildOutlined'),
  BulbOutlined: () => import('@ant-design/icons/es/icons/BulbOutlined'),
  CalendarOutlined: () => import('@ant-design/icons/es/icons/CalendarOutlined'),
  CarryOutOutlined: () => import('@ant-design/icons/es/icons/CarryOutOutlined'),
  CloudOutlined: () => import('@ant-design/icons/es/icons/CloudOutlined'),
  CloudServerOutlined: () => import('@ant-design/icons/es/icons/CloudServerOutlined'),
  CloudUploadOutlined: () => import('@ant-design/icons/es/icons/CloudUploadOutlined'),
  ClusterOutlined: () => import('@ant-design/icons/es/icons/ClusterOutlined'),
  CodeOutlined: () => import('@ant-design/icons/es/icons/CodeOutlined'),
  CommentOutlined: () => import('@ant-design/icons/es/icons/CommentOutlined'),
  ContainerOutlined: () => import('@ant-design/icons/es/icons/ContainerOutlined'),
  ControlOutlined: () => import('@ant-design/icons/es/icons/ControlOutlined'),
  CopyOutlined: () => import('@ant-design/icons/es/icons/CopyOutlined'),
  CreditCardOutlined: () => import('@ant-design/icons/es/icons/CreditCardOutlined'),
  CrownOutlined: () => import('@ant-design/icons/es/icons/CrownOutlined'),
  CustomerServiceOutlined: () => import('@ant-design/icons/es/icons/CustomerServiceOutlined'),
  DashboardOutlined: () => import('@ant-design/icons/es/icons/DashboardOutlined'),
  DatabaseOutlined: () => import('@ant-design/icons/es/icons/DatabaseOutlined'),
  DeploymentUnitOutlined: () => import('@ant-design/icons/es/icons/DeploymentUnitOutlined'),
  DesktopOutlined: () => import('@ant-design/icons/es/icons/DesktopOutlined'),
  EditOutlined: () => import('@ant-design/icons/es/icons/EditOutlined'),
  EnvironmentOutlined: () => import('@ant-design/icons/es/icons/EnvironmentOutlined'),
  ExperimentOutlined: () => import('@ant-design/icons/es/icons/ExperimentOutlined'),
  ExportOutlined: () => import('@ant-design/icons/es/icons/ExportOutlined'),
  EyeOutlined: () => import('@ant-design/icons/es/icons/EyeOutlined'),
  FieldTimeOutlined: () => import('@ant-design/icons/es/icons/FieldTimeOutlined'),
  FileDoneOutlined: () => import('@ant-design/icons/es/icons/FileDoneOutlined'),
  FileOutlined: () => import('@ant-design/icons/es/icons/FileOutlined'),
  FileProtectOutlined: () => import('@ant-design/icons/es/icons/FileProtectOutlined'),
  FileSearchOutlined: () => import('@ant-design/icons/es/icons/FileSearchOutlined'),
  FileTextOutlined: () => import('@ant-design/icons/es/icons/FileTextOutlined'),
  FolderOutlined: () => import('@ant-design/icons/es/icons/FolderOutlined'),
  FormOutlined: () => import('@ant-design/icons/es/icons/FormOutlined'),
  FundOutlined: () => import('@ant-design/icons/es/icons/FundOutlined'),
  GiftOutlined: () => import('@ant-design/icons/es/icons/GiftOutlined'),
  GlobalOutlined: () => import('@ant-design/icons/es/icons/GlobalOutlined'),
  HddOutlined: () => import('@ant-design/icons/es/icons/HddOutlined'),
  HeartOutlined: () => import('@ant-design/icons/es/icons/HeartOutlined'),
  HistoryOutlined: () => import('@ant-design/icons/es/icons/HistoryOutlined'),
  HomeOutlined: () => import('@ant-design/icons/es/icons/HomeOutlined'),
  IdcardOutlined: () => import('@ant-design/icons/es/icons/IdcardOutlined'),
  InboxOutlined: () => import('@ant-design/icons/es/icons/InboxOutlined'),
  KeyOutlined: () => import('@ant-design/icons/es/icons/KeyOutlined'),
  LayoutOutlined: () => import('@ant-design/icons/es/icons/LayoutOutlined'),
  LikeOutlined: () => import('@ant-design/icons/es/icons/LikeOutlined'),
  LineChartOutlined: () => import('@ant-design/icons/es/icons/LineChartOutlined'),
  LinkOutlined: () => import('@ant-design/icons/es/icons/LinkOutlined'),
  LockOutlined: () => import('@ant-design/icons/es/icons/LockOutlined'),
  MailOutlined: () => import('@ant-design/icons/es/icons/MailOutlined'),
  MenuOutlined: () => import('@ant-design/icons/es/icons/MenuOutlined'),
  MessageOutlined: () => import('@ant-design/icons/es/icons/MessageOutlined'),
  MobileOutlined: () => import('@ant-design/icons/es/icons/MobileOutlined'),
  MoneyCollectOutlined: () => import('@ant-design/icons/es/icons/MoneyCollectOutlined'),
  NodeIndexOutlined: () => import('@ant-design/icons/es/icons/NodeIndexOutlined'),
  NotificationOutlined: () => import('@ant-design/icons/es/icons/NotificationOutlined'),
  OrderedListOutlined: () => import('@ant-design/icons/es/icons/OrderedListOutlined'),
  PaperClipOutlined: () => import('@ant-design/icons/es/icons/PaperClipOutlined'),
  PartitionOutlined: () => import('@ant-design/icons/es/icons/PartitionOutlined'),
  PayCircleOutlined: () => import('@ant-design/icons/es/icons/PayCircleOutlined'),
  PhoneOutlined: () => import('@ant-design/icons/es/icons/PhoneOutlined'),
  PictureOutlined: () => import('@ant-design/icons/es/icons/PictureOutlined'),
  PieChartOutlined: () => import('@ant-design/icons/es/icons/PieChartOutlined'),
  PlayCircleOutlined: () => import('@ant-design/icons/es/icons/PlayCircleOutlined'),
  ProfileOutlined: () => import('@ant-design/icons/es/icons/ProfileOutlined'),
  ProjectOutlined: () => import('@ant-design/icons/es/icons/ProjectOutlined'),
  QrcodeOutlined: () => import('@ant-design/icons/es/icons/QrcodeOutlined'),
  QuestionCircleOutlined: () => import('@ant-design/icons/es/icons/QuestionCircleOutlined'),
  ReadOutlined: () => import('@ant-design/icons/es/icons/ReadOutlined'),
  RocketOutlined: () => import('@ant-design/icons/es/icons/RocketOutlined'),
  SafetyCertificateOutlined: () => import('@ant-design/icons/es/icons/SafetyCertificateOutlined'),
  SafetyOutlined: () => import('@ant-design/icons/es/icons/SafetyOutlined'),
  ScheduleOutlined: () => import('@ant-design/icons/es/icons/ScheduleOutlined'),
  SendOutlined: () => import('@ant-design/icons/es/icons/SendOutlined'),
  SettingOutlined: () => import('@ant-design/icons/es/icons/SettingOutlined'),
  ShareAltOutlined: () => import('@ant-design/icons/es/icons/ShareAltOutlined'),
  ShopOutlined: () => import('@ant-design/icons/es/icons/ShopOutlined'),
  ShoppingCartOutlined: () => import('@ant-design/icons/es/icons/ShoppingCartOutlined'),
  ShoppingOutlined: () => import('@ant-design/icons/es/icons/ShoppingOutlined'),
  SkinOutlined: () => import('@ant-design/icons/es/icons/SkinOutlined'),
  SolutionOutlined: () => import('@ant-design/icons/es/icons/SolutionOutlined'),
  SoundOutlined: () => import('@ant-design/icons/es/icons/SoundOutlined'),
  StarOutlined: () => import('@ant-design/icons/es/icons/StarOutlined'),
  SyncOutlined: () => import('@ant-design/icons/es/icons/SyncOutlined'),
  TableOutlined: () => import('@ant-design/icons/es/icons/TableOutlined'),
  TagOutlined: () => import('@ant-design/icons/es/icons/TagOutlined'),
  TagsOutlined: () => import('@ant-design/icons/es/icons/TagsOutlined'),
  TeamOutlined: () => import('@ant-design/icons/es/icons/TeamOutlined'),
  ThunderboltOutlined: () => import('@ant-design/icons/es/icons/ThunderboltOutlined'),
  ToolOutlined: () => import('@ant-design/icons/es/icons/ToolOutlined'),
  TrophyOutlined: () => import('@ant-design/icons/es/icons/TrophyOutlined'),
  UnorderedListOutlined: () => import('@ant-design/icons/es/icons/UnorderedListOutlined'),
  UserOutlined: () => import('@ant-design/icons/es/icons/UserOutlined'),
  UsergroupAddOutlined: () => import('@ant-design/icons/es/icons/UsergroupAddOutlined'),
  VideoCameraOutlined: () => import('@ant-design/icons/es/icons/VideoCameraOutlined'),
  WalletOutlined: () => import('@ant-design/icons/es/icons/WalletOutlined'),
};

const FALLBACK = 'AppstoreOutlined';
/** Icons whose code has arrived: they render at once, without a suspense per menu item. */
const loaded = new Map<string, ComponentType>();
const loading = new Map<string, Promise<void>>();

function load(name: string): Promise<void> {
  let pending = loading.get(name);
  if (!pending) {
    pending = (loaders[name] as Load)().then((m) => {
      loaded.set(name, m.default);
    });
    loading.set(name, pending);
  }
  return pending;
}

/** Holds the icon's place (1em square, as the icon itself) until its code arrives. */
const placeholder = (
  <span role="img" aria-hidden="true" className="anticon" style={{ width: '1em', height: '1em' }} />
);

export function MenuIcon({ name }: { name: string }) {
  const known = loaders[name] ? name : FALLBACK;
  const [, arrived] = useState(0);
  useEffect(() => {
    if (loaded.has(known)) return;
    let live = true;
    void load(known).then(() => live && arrived((n) => n + 1));
    return () => {
      live = false;
    };
  }, [known]);
  const Icon = loaded.get(known);
  return Icon ? <Icon /> : placeholder;
}
