export * from './stringToSign';
export * from './rsaSignature';
export * from './nonce';
