// Where a phone's NFC antenna sits (the /nfc explainer, SPEC §2; phone-brand-list and phone-type-list,
// SPEC §7). Our own small table, written from the general layout of each brand's phones: on most Android
// phones the coil surrounds or sits just below the rear camera module, on iPhones it is at the top edge.
// Approximate by nature (the page says so), changed with a deployment; no vendor list was copied.
import type { NfcPosition } from '@tyd/protocol';

export interface PhoneModel {
  id: string;
  name: string;
  position: NfcPosition;
  hint: string;
  hasNfc: boolean;
}

export interface PhoneBrand {
  id: string;
  name: string;
  usualPosition: NfcPosition;
  models: readonly PhoneModel[];
}

const model = (id: string, name: string, position: NfcPosition, hint: string, hasNfc = true): PhoneModel => ({ id, name, position, hint, hasNfc });

export const NFC_CATALOGUE: readonly PhoneBrand[] = [
  {
    id: 'huawei',
    name: '华为',
    usualPosition: 'upper',
    models: [
      model('mate', 'Mate 系列', 'upper', '摄像头模组下方'),
      model('p', 'P 系列', 'upper', '摄像头旁边'),
      model('nova', 'nova 系列', 'upper', '摄像头下方'),
      model('pura', 'Pura 系列', 'upper', '摄像头模组下方'),
      model('enjoy', '畅享系列', 'center', '背面中部，部分机型无NFC'),
    ],
  },
  {
    id: 'honor',
    name: '荣耀',
    usualPosition: 'upper',
    models: [
      model('magic', 'Magic 系列', 'upper', '摄像头模组下方'),
      model('number', '数字系列', 'upper', '摄像头下方'),
      model('x', 'X 系列', 'center', '背面中部，部分机型无NFC'),
    ],
  },
  {
    id: 'xiaomi',
    name: '小米',
    usualPosition: 'upper',
    models: [
      model('number', '数字系列', 'upper', '摄像头下方'),
      model('civi', 'Civi 系列', 'upper', '摄像头附近'),
      model('mix', 'MIX 系列', 'upper', '摄像头模组下方'),
    ],
  },
  {
    id: 'redmi',
    name: 'Redmi',
    usualPosition: 'upper',
    models: [
      model('k', 'K 系列', 'upper', '摄像头下方'),
      model('note', 'Note 系列', 'upper', '摄像头附近，部分机型无NFC'),
      model('number', '数字系列', 'center', '多数机型无NFC', false),
    ],
  },
  {
    id: 'oppo',
    name: 'OPPO',
    usualPosition: 'upper',
    models: [
      model('find', 'Find 系列', 'upper', '摄像头模组下方'),
      model('reno', 'Reno 系列', 'upper', '摄像头附近'),
      model('a', 'A 系列', 'center', '背面中部，部分机型无NFC'),
    ],
  },
  {
    id: 'vivo',
    name: 'vivo',
    usualPosition: 'upper',
    models: [
      model('x', 'X 系列', 'upper', '摄像头模组下方'),
      model('s', 'S 系列', 'upper', '摄像头附近'),
      model('y', 'Y 系列', 'center', '背面中部，部分机型无NFC'),
    ],
  },
  {
    id: 'iqoo',
    name: 'iQOO',
    usualPosition: 'upper',
    models: [
      model('number', '数字系列', 'upper', '摄像头下方'),
      model('neo', 'Neo 系列', 'upper', '摄像头下方'),
    ],
  },
  {
    id: 'oneplus',
    name: '一加',
    usualPosition: 'upper',
    models: [
      model('number', '数字系列', 'upper', '摄像头模组下方'),
      model('ace', 'Ace 系列', 'upper', '摄像头附近'),
    ],
  },
  {
    id: 'apple',
    name: '苹果',
    usualPosition: 'top',
    models: [
      model('iphone-xs-later', 'iPhone XS 及之后', 'top', '机身顶部边缘，用手机顶端靠近身份证'),
      model('iphone-7-x', 'iPhone 7 至 iPhone X', 'top', '机身顶部边缘，需 iOS 13 及以上'),
      model('iphone-6-earlier', 'iPhone 6s 及之前', 'top', '不支持读取身份证', false),
    ],
  },
  {
    id: 'samsung',
    name: '三星',
    usualPosition: 'center',
    models: [
      model('galaxy-s', 'Galaxy S 系列', 'center', '背面中部'),
      model('galaxy-z', 'Galaxy Z 系列', 'center', '背面中部（折叠屏展开前的外侧）'),
      model('galaxy-a', 'Galaxy A 系列', 'center', '背面中部，部分机型无NFC'),
    ],
  },
];

export function phoneBrands() {
  return NFC_CATALOGUE.map(({ id, name, usualPosition }) => ({ id, name, usualPosition }));
}

/** The models of a brand, or undefined for a brand we do not list. */
export function phoneModels(brandId: string): readonly PhoneModel[] | undefined {
  return NFC_CATALOGUE.find((brand) => brand.id === brandId)?.models;
}
