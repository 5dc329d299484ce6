// Messages the account posts through the content module (docs/architecture.md "Modules"): a sign-in on a
// new device and a phone change. "Device" is the client address key (IPv6 /64, IPv4 as is:
// lib/client-address.ts) with the browser's family (system and app or browser, from the user agent): no
// device identifier is collected, and the message service keeps only a keyed hash of this key
// (content/services/messages.ts). Its first sign-in (the registration) is recorded with a welcome, so only
// a later sign-in elsewhere is "new".
import { chinaDateTime } from '@tyd/protocol';
import type { MessageInput } from '../../content/content-module.js';
import { deviceFamily } from './device-description.js';

export function signInMessage(input: { isNewUser: boolean; clientAddress: string; userAgent: string | undefined; now: number }): MessageInput {
  const family = deviceFamily(input.userAgent);
  const dedupeKey = `sign-in-device\n${input.clientAddress}\n${family}`;
  if (input.isNewUser)
    return {
      kind: 'system',
      title: '欢迎来到通盈达',
      body: `您的账户已于${chinaDateTime(input.now)}注册成功。完成实名认证后即可使用更多服务。`,
      link: '/mine/identity',
      dedupeKey,
    };
  return {
    kind: 'security',
    title: '新设备登录提醒',
    body: `您的账户于${chinaDateTime(input.now)}在新设备（${family}）上登录。如非本人操作，请在“账户与安全”中将该设备下线，并尽快更换手机号。`,
    // 账户与安全 lists the device with 下线, and leads on to 更换手机号 (docs/api.md "Account security").
    link: '/mine/security',
    dedupeKey,
  };
}

export function phoneChangedMessage(maskedPhone: string, now: number): MessageInput {
  return {
    kind: 'security',
    title: '登录手机号已更换',
    body: `您的登录手机号已于${chinaDateTime(now)}更换为${maskedPhone}。如非本人操作，请立即联系客服。`,
    dedupeKey: `phone-change\n${now}\n${maskedPhone}`,
  };
}
