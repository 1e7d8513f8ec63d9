import type { Bilingual } from './bilingual.js';

/** Uploads, outbound addresses, storage and SMS. */
export const filesMessages = {
  avatarType: {
    zh: '头像只能是 jpg 或 png 图片，且不超过 500KB',
    en: 'An avatar is a jpg or png image of at most 500 KB',
  },
  fileTypeRefused: {
    zh: '不允许上传此类型的文件（{type}）',
    en: 'Files of this type cannot be uploaded ({type})',
  },
  imageType: {
    zh: '请上传图片（jpg、png、gif、webp 或 bmp），此文件是 {type}',
    en: 'Upload an image (jpg, png, gif, webp or bmp); this file is {type}',
  },
  imageNotImage: {
    zh: '{field} 必须是图片，所选的上传文件不是图片',
    en: '{field} must be an image; the uploaded file it names is not one',
  },
  fileTypeMismatch: {
    zh: '文件扩展名 {named} 与内容类型 {actual} 不符',
    en: 'The file is named .{named} but its content is {actual}',
  },
  fileTooLarge: { zh: '文件过大，最大允许 {limit}', en: 'The file is too large; at most {limit} is allowed' },
  fileMissing: { zh: '请选择要上传的文件', en: 'Choose a file to upload' },
  tooManyParts: {
    zh: '一次上传的文件或字段过多，请分批上传',
    en: 'Too many files or fields in one upload; upload them in several goes',
  },
  attachUploadOnly: {
    zh: '附件由上传文件生成，请通过上传添加附件',
    en: 'Attachments come from uploads; upload a file to add one',
  },
  outboundRefused: {
    zh: '{field} 指向本机、内网或保留地址，不允许使用',
    en: '{field} points at this host, a private network or a reserved address, which is not allowed',
  },
  outboundInvalid: {
    zh: '{field} 不是有效的 http:// 或 https:// 地址',
    en: '{field} is not a valid http:// or https:// address',
  },
  storagePrivate: {
    zh: '对象存储地址指向本机、内网或保留地址，不允许访问，请检查对象存储配置',
    en: 'The storage address points at this host, a private network or a reserved address; check the storage configuration',
  },
  smsEndpointInvalid: {
    zh: '短信接口地址不是有效的 http:// 或 https:// 地址，请检查短信配置',
    en: 'The SMS API address is not a valid http:// or https:// address; check the SMS configuration',
  },
  smsPrivate: {
    zh: '短信接口地址指向本机、内网或保留地址，不允许访问，请检查短信配置',
    en: 'The SMS API address points at this host, a private network or a reserved address; check the SMS configuration',
  },
  storageFailed: {
    zh: '文件存储失败，请检查对象存储配置',
    en: 'The file could not be stored; check the storage configuration',
  },
  phoneEmpty: { zh: '手机号码不能为空', en: 'Enter a phone number' },
  phoneLength: { zh: '手机号码长度不为11位', en: 'A phone number has 11 digits' },
  phoneFormat: { zh: '手机号码格式不正确', en: 'The phone number is not valid' },
  smsSent: { zh: '发送成功!', en: 'Sent!' },
  smsFailed: { zh: '短信发送失败：{reason}', en: 'The message was not sent: {reason}' },
  smsUnsupported: { zh: '不支持的短信服务类型', en: 'Unsupported SMS provider' },
} satisfies Record<string, Bilingual>;
