export * from './signatureProfile';
export * from './stringToSign';
export * from './rsaSignature';
export * from './nonce';
