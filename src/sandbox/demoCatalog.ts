/** Fixed reference data for the demo generator: currencies, products, buyer names, texts. */

export interface Currency {
  code: string;
  symbol: string;
  decimals: number;
  /** Units of this currency per US dollar (rough, fixed). */
  perUsd: number;
  weight: number;
}

export const CURRENCIES: readonly Currency[] = [
  { code: 'USD', symbol: '$', decimals: 2, perUsd: 1, weight: 30 },
  { code: 'EUR', symbol: '€', decimals: 2, perUsd: 0.92, weight: 20 },
  { code: 'CNY', symbol: '¥', decimals: 2, perUsd: 7.2, weight: 15 },
  { code: 'JPY', symbol: '¥', decimals: 0, perUsd: 150, weight: 12 },
  { code: 'GBP', symbol: '£', decimals: 2, perUsd: 0.79, weight: 9 },
  { code: 'KRW', symbol: '₩', decimals: 0, perUsd: 1350, weight: 7 },
  { code: 'BRL', symbol: 'R$', decimals: 2, perUsd: 5.1, weight: 7 },
];

/** A field the buyer fills in at checkout; becomes a deliveryInfo entry. */
export type DeliveryField =
  | { key: string; type: 1; kind: 'player-id' | 'email' | 'character' }
  | { key: string; type: 2; kind: 'notes' }
  | { key: string; type: 3; options: readonly string[] }
  | { key: string; type: 4; options: readonly string[] }
  | { key: string; type: 5; kind: 'screenshot' };

export interface ProductTemplate {
  title: string;
  brandName: string;
  categoryName: string;
  /** SKU attribute axes; SKUs are their cross product. The last axis is priced. */
  skuAxes: readonly (readonly [string, readonly string[]])[];
  /** US cents for each value of the last axis. */
  usdCents: readonly number[];
  spuAttr: Record<string, unknown>;
  deliveryMethodName: string;
  /** Item delivery type: 1 automatic, 2 manual. */
  deliveryType: 1 | 2;
  deliveryTime: number;
  deliveryTimeUnit: 1 | 2 | 3;
  fields: readonly DeliveryField[];
}

const EMAIL_FIELD: DeliveryField = { key: 'E-mail for the code', type: 1, kind: 'email' };
const NOTES_FIELD: DeliveryField = { key: 'Notes / 备注', type: 2, kind: 'notes' };
const SCREENSHOT_FIELD: DeliveryField = { key: 'Account screenshot', type: 5, kind: 'screenshot' };

const AUTO = 'Auto delivery (CD-Key)';
const TOPUP = 'Direct top-up / 代充';
const MANUAL = 'Manual delivery – Händlerversand';

export const CATEGORIES: Record<string, number> = {
  'Gift Cards': 3101,
  'Game Top-up': 3102,
  Subscriptions: 3103,
  'Software Keys': 3104,
  'Game Time': 3105,
};

export const BRANDS: Record<string, number> = {
  Steam: 501,
  Sony: 502,
  Nintendo: 503,
  Google: 504,
  HoYoverse: 505,
  Apple: 506,
  Microsoft: 507,
  Netflix: 508,
  Roblox: 509,
  Moonton: 510,
  Riot: 511,
  Spotify: 512,
  Razer: 513,
  Tencent: 514,
  Garena: 515,
  Mojang: 516,
  'Square Enix': 517,
};

export const PRODUCTS: readonly ProductTemplate[] = [
  {
    title: 'Steam Wallet Gift Card',
    brandName: 'Steam',
    categoryName: 'Gift Cards',
    skuAxes: [
      ['Region', ['Global', 'EU', 'US']],
      ['Denomination', ['20', '50', '100']],
    ],
    usdCents: [2100, 5200, 10300],
    spuAttr: { platform: 'Steam', codeFormat: 'XXXXX-XXXXX-XXXXX' },
    deliveryMethodName: AUTO,
    deliveryType: 1,
    deliveryTime: 5,
    deliveryTimeUnit: 3,
    fields: [EMAIL_FIELD],
  },
  {
    title: 'PlayStation Store 礼品卡 (PSN)',
    brandName: 'Sony',
    categoryName: 'Gift Cards',
    skuAxes: [
      ['Region', ['HK', 'JP', 'US']],
      ['Denomination', ['10', '25', '50']],
    ],
    usdCents: [1050, 2600, 5150],
    spuAttr: { platform: 'PS5 / PS4', region_lock: true },
    deliveryMethodName: AUTO,
    deliveryType: 1,
    deliveryTime: 10,
    deliveryTimeUnit: 3,
    fields: [EMAIL_FIELD],
  },
  {
    title: 'Nintendo eShop カード',
    brandName: 'Nintendo',
    categoryName: 'Gift Cards',
    skuAxes: [
      ['Region', ['JP', 'US', 'EU']],
      ['Denomination', ['1000', '3000', '5000']],
    ],
    usdCents: [700, 2050, 3400],
    spuAttr: { platform: 'Nintendo Switch', 言語: '日本語' },
    deliveryMethodName: AUTO,
    deliveryType: 1,
    deliveryTime: 10,
    deliveryTimeUnit: 3,
    fields: [EMAIL_FIELD],
  },
  {
    title: 'Google Play Guthaben – Österreich',
    brandName: 'Google',
    categoryName: 'Gift Cards',
    skuAxes: [
      ['Region', ['AT', 'DE']],
      ['Denomination', ['15', '25', '50']],
    ],
    usdCents: [1680, 2790, 5550],
    spuAttr: { platform: 'Android', Gültigkeit: 'unbegrenzt' },
    deliveryMethodName: AUTO,
    deliveryType: 1,
    deliveryTime: 5,
    deliveryTimeUnit: 3,
    fields: [EMAIL_FIELD],
  },
  {
    title: '原神 创世结晶 Genesis Crystals',
    brandName: 'HoYoverse',
    categoryName: 'Game Top-up',
    skuAxes: [
      ['Server', ['Asia', 'Europe', 'America', 'TW/HK/MO']],
      ['Package', ['60', '300+30', '980+110', '6480+1600']],
    ],
    usdCents: [99, 499, 1499, 9999],
    spuAttr: { game: 'Genshin Impact', topUpMethod: 'UID' },
    deliveryMethodName: TOPUP,
    deliveryType: 2,
    deliveryTime: 30,
    deliveryTimeUnit: 3,
    fields: [
      { key: 'UID', type: 1, kind: 'player-id' },
      { key: 'Server / 服务器', type: 3, options: ['Asia', 'Europe', 'America', 'TW/HK/MO'] },
      { key: 'Character name', type: 1, kind: 'character' },
    ],
  },
  {
    title: 'Apple Gift Card 🍎',
    brandName: 'Apple',
    categoryName: 'Gift Cards',
    skuAxes: [
      ['Region', ['US', 'UK', 'CN']],
      ['Denomination', ['10', '25', '100']],
    ],
    usdCents: [1040, 2580, 10200],
    spuAttr: { platform: 'App Store & iTunes' },
    deliveryMethodName: AUTO,
    deliveryType: 1,
    deliveryTime: 5,
    deliveryTimeUnit: 3,
    fields: [EMAIL_FIELD],
  },
  {
    title: 'Xbox Game Pass Ultimate – 3 Monate',
    brandName: 'Microsoft',
    categoryName: 'Subscriptions',
    skuAxes: [
      ['Region', ['DE', 'FR', 'NL']],
      ['Duration', ['1 Monat', '3 Monate']],
    ],
    usdCents: [1699, 4499],
    spuAttr: { platform: ['Xbox Series X|S', 'PC'], autoRenew: false },
    deliveryMethodName: AUTO,
    deliveryType: 1,
    deliveryTime: 15,
    deliveryTimeUnit: 3,
    fields: [EMAIL_FIELD, { key: 'Platforms', type: 4, options: ['Xbox Series X|S', 'Xbox One', 'PC', 'Cloud'] }],
  },
  {
    title: 'Netflix ギフトカード',
    brandName: 'Netflix',
    categoryName: 'Subscriptions',
    skuAxes: [
      ['Region', ['JP']],
      ['Denomination', ['1000', '3000', '5000']],
    ],
    usdCents: [690, 2050, 3390],
    spuAttr: { platform: 'Netflix', 地域: '日本' },
    deliveryMethodName: AUTO,
    deliveryType: 1,
    deliveryTime: 10,
    deliveryTimeUnit: 3,
    fields: [EMAIL_FIELD],
  },
  {
    title: 'Roblox Robux 🎁',
    brandName: 'Roblox',
    categoryName: 'Game Top-up',
    skuAxes: [
      ['Region', ['Global']],
      ['Robux', ['400', '800', '1700', '4500']],
    ],
    usdCents: [499, 999, 1999, 4999],
    spuAttr: { game: 'Roblox', topUpMethod: 'Gift card code' },
    deliveryMethodName: AUTO,
    deliveryType: 1,
    deliveryTime: 5,
    deliveryTimeUnit: 3,
    fields: [EMAIL_FIELD, { key: 'Roblox username', type: 1, kind: 'character' }],
  },
  {
    title: 'Mobile Legends 💎 Diamonds',
    brandName: 'Moonton',
    categoryName: 'Game Top-up',
    skuAxes: [
      ['Region', ['SEA', 'Global']],
      ['Diamonds', ['86', '172', '257', '706']],
    ],
    usdCents: [159, 319, 479, 1299],
    spuAttr: { game: 'Mobile Legends: Bang Bang', topUpMethod: 'User ID + Zone ID' },
    deliveryMethodName: TOPUP,
    deliveryType: 2,
    deliveryTime: 1,
    deliveryTimeUnit: 2,
    fields: [
      { key: 'User ID', type: 1, kind: 'player-id' },
      { key: 'Zone ID', type: 1, kind: 'player-id' },
      SCREENSHOT_FIELD,
    ],
  },
  {
    title: 'Valorant Points (VP)',
    brandName: 'Riot',
    categoryName: 'Game Top-up',
    skuAxes: [
      ['Region', ['EU', 'NA', 'KR']],
      ['VP', ['475', '1000', '2050']],
    ],
    usdCents: [499, 999, 1999],
    spuAttr: { game: 'VALORANT' },
    deliveryMethodName: AUTO,
    deliveryType: 1,
    deliveryTime: 10,
    deliveryTimeUnit: 3,
    fields: [EMAIL_FIELD, { key: 'Region', type: 3, options: ['EU', 'NA', 'KR', 'AP'] }],
  },
  {
    title: 'Honkai: Star Rail 星琼 Oneiric Shards',
    brandName: 'HoYoverse',
    categoryName: 'Game Top-up',
    skuAxes: [
      ['Server', ['Asia', 'Europe', 'America']],
      ['Package', ['60', '330', '1090', '6480']],
    ],
    usdCents: [99, 499, 1499, 9999],
    spuAttr: { game: 'Honkai: Star Rail', topUpMethod: 'UID' },
    deliveryMethodName: TOPUP,
    deliveryType: 2,
    deliveryTime: 30,
    deliveryTimeUnit: 3,
    fields: [
      { key: 'UID', type: 1, kind: 'player-id' },
      { key: 'Server / 服务器', type: 3, options: ['Asia', 'Europe', 'America', 'TW/HK/MO'] },
    ],
  },
  {
    title: 'Spotify Premium Geschenkkarte (Österreich/Deutschland)',
    brandName: 'Spotify',
    categoryName: 'Subscriptions',
    skuAxes: [
      ['Region', ['DE', 'AT']],
      ['Laufzeit', ['3 Monate', '6 Monate', '12 Monate']],
    ],
    usdCents: [3299, 6599, 11999],
    spuAttr: { platform: 'Spotify', Kündigung: 'nicht nötig' },
    deliveryMethodName: AUTO,
    deliveryType: 1,
    deliveryTime: 5,
    deliveryTimeUnit: 3,
    fields: [EMAIL_FIELD],
  },
  {
    title: 'Razer Gold PIN – Global',
    brandName: 'Razer',
    categoryName: 'Gift Cards',
    skuAxes: [
      ['Region', ['Global']],
      ['Denomination', ['5', '10', '20', '50']],
    ],
    usdCents: [520, 1030, 2050, 5100],
    spuAttr: { platform: 'Razer Gold' },
    deliveryMethodName: AUTO,
    deliveryType: 1,
    deliveryTime: 5,
    deliveryTimeUnit: 3,
    fields: [EMAIL_FIELD],
  },
  {
    title: 'PUBG Mobile UC 直充',
    brandName: 'Tencent',
    categoryName: 'Game Top-up',
    skuAxes: [
      ['Region', ['Global']],
      ['UC', ['60', '325', '660', '1800']],
    ],
    usdCents: [99, 499, 999, 2499],
    spuAttr: { game: 'PUBG MOBILE', topUpMethod: 'Player ID' },
    deliveryMethodName: TOPUP,
    deliveryType: 2,
    deliveryTime: 2,
    deliveryTimeUnit: 2,
    fields: [
      { key: 'Player ID / 玩家ID', type: 1, kind: 'player-id' },
      { key: 'Character name', type: 1, kind: 'character' },
      SCREENSHOT_FIELD,
    ],
  },
  {
    title: 'Free Fire Diamantes 🔥',
    brandName: 'Garena',
    categoryName: 'Game Top-up',
    skuAxes: [
      ['Region', ['BR', 'LATAM']],
      ['Diamantes', ['100', '310', '520', '1060']],
    ],
    usdCents: [99, 299, 499, 999],
    spuAttr: { game: 'Free Fire' },
    deliveryMethodName: TOPUP,
    deliveryType: 2,
    deliveryTime: 1,
    deliveryTimeUnit: 2,
    fields: [{ key: 'ID do jogador', type: 1, kind: 'player-id' }],
  },
  {
    title: 'Windows 11 Pro – Lizenzschlüssel (Produktschlüssel)',
    brandName: 'Microsoft',
    categoryName: 'Software Keys',
    skuAxes: [
      ['Edition', ['Pro', 'Home']],
      ['Devices', ['1 PC']],
    ],
    usdCents: [1999],
    spuAttr: { activation: 'online', Sprachen: ['Deutsch', 'English', '中文'] },
    deliveryMethodName: MANUAL,
    deliveryType: 2,
    deliveryTime: 1,
    deliveryTimeUnit: 1,
    fields: [
      EMAIL_FIELD,
      { key: 'Languages', type: 4, options: ['Deutsch', 'English', '中文', '日本語', 'Français'] },
      NOTES_FIELD,
    ],
  },
  {
    title: 'Minecraft: Java & Bedrock Edition',
    brandName: 'Mojang',
    categoryName: 'Software Keys',
    skuAxes: [
      ['Region', ['Global']],
      ['Edition', ['Standard', 'Deluxe']],
    ],
    usdCents: [2999, 3999],
    spuAttr: { platform: 'PC' },
    deliveryMethodName: AUTO,
    deliveryType: 1,
    deliveryTime: 10,
    deliveryTimeUnit: 3,
    fields: [EMAIL_FIELD],
  },
  {
    title: 'ファイナルファンタジーXIV 60日間 Game Time',
    brandName: 'Square Enix',
    categoryName: 'Game Time',
    skuAxes: [
      ['Region', ['JP', 'EU', 'NA']],
      ['日数', ['30日', '60日', '90日']],
    ],
    usdCents: [1299, 2499, 3599],
    spuAttr: { game: 'FINAL FANTASY XIV', データセンター: ['Elemental', 'Gaia', 'Mana'] },
    deliveryMethodName: MANUAL,
    deliveryType: 2,
    deliveryTime: 12,
    deliveryTimeUnit: 2,
    fields: [
      EMAIL_FIELD,
      { key: 'Data centers', type: 4, options: ['Elemental', 'Gaia', 'Mana', 'Meteor', 'Light', 'Chaos'] },
      NOTES_FIELD,
    ],
  },
  {
    title: 'League of Legends Riot Points – Türkiye',
    brandName: 'Riot',
    categoryName: 'Game Top-up',
    skuAxes: [
      ['Region', ['TR']],
      ['RP', ['575', '1380', '2800']],
    ],
    usdCents: [499, 1099, 2199],
    spuAttr: { game: 'League of Legends', bölge: 'Türkiye' },
    deliveryMethodName: TOPUP,
    deliveryType: 2,
    deliveryTime: 6,
    deliveryTimeUnit: 2,
    fields: [
      { key: 'Riot ID', type: 1, kind: 'character' },
      { key: 'Server', type: 3, options: ['TR1', 'EUW1', 'EUN1'] },
      SCREENSHOT_FIELD,
    ],
  },
];

export const BUYER_NAMES: readonly string[] = [
  '张伟',
  '李娜',
  '王芳',
  '刘洋',
  '陈静',
  '佐藤 美咲',
  '鈴木 一郎',
  '高橋 さくら',
  '田中 蓮',
  'Jürgen Müller',
  'Zoë Ångström',
  'Björn Schäfer',
  'Günther Weiß',
  'Änne Krüger',
  'José Álvarez',
  'François Lefèvre',
  'Łukasz Żółć',
  'Ιωάννης Παπαδόπουλος',
  'Анна Петрова',
  'Nguyễn Văn An',
  '김민준',
  '이서연',
  'Søren Kierkegård',
  'Çağla Yılmaz',
  'Emily Johnson',
  'Liam O’Brien',
  'Mohammed Al-Fārābī',
  '🎮 GamerX',
  'Sakura 🌸',
  'Max Mustermann',
  'María Pérez',
  'Olivia Smith',
  'Noah Williams',
  'Ana Luíza Gonçalves',
  'Kōji Yamamoto',
  'Dagný Jónsdóttir',
];

export const REMARKS: readonly string[] = [
  '请在晚上8点后发货',
  'Bitte schnell liefern 🙏',
  '至急お願いします',
  'Gift for my brother – no receipt please',
  'Zustellung an die Firmenadresse, danke!',
  '账号在欧服，请确认区服',
  'Please deliver before the weekend 😊',
  'コードはメールで送ってください',
  'Merci beaucoup !',
  'Second order today, same account as before.',
];

export const NOTES: readonly string[] = [
  '请尽快处理，谢谢！\nThanks!',
  'Ich bin ab 18 Uhr online.\nBitte vorher Bescheid geben.',
  '夜は対応できません。',
  'Account uses 2FA – I will send the code on request.',
  'Line 1\nLine 2 with ümläuts\nLine 3 ✅',
];

export const CHARACTER_NAMES: readonly string[] = [
  '影の騎士',
  'DrachenTöter',
  '风之子',
  'xX_Sniper_Xx',
  'Müde Möwe',
  'ЛунныйКот',
  'Pixel🐉',
  'Hồ Ly',
];

export const DELIVERY_DESCRIPTIONS: readonly string[] = [
  'Code delivered: {code}',
  '已充值到账号，请查收。 ({code})',
  'チャージ完了しました。コード: {code}',
  'Aufladung erfolgreich – bitte prüfen. Code: {code}',
  'Top-up done ✅ ref {code}',
];

export const DELIVERY_ERRORS: readonly { errorCode: string; errorMessage: string }[] = [
  { errorCode: 'ACCOUNT_NOT_FOUND', errorMessage: 'Spielerkonto nicht gefunden / player account not found' },
  { errorCode: 'REGION_MISMATCH', errorMessage: '区服不匹配：账号不在所选服务器' },
  { errorCode: 'STOCK_OUT', errorMessage: '在庫切れ – out of stock at supplier' },
  { errorCode: 'SUPPLIER_TIMEOUT', errorMessage: 'Supplier did not confirm the top-up within 30 minutes' },
];

export const IMAGE_HOST = 'https://img.sandbox.example';
