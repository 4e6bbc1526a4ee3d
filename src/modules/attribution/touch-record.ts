// A touch as stored (CONTRACT §4): its fields, the keyed hash and the sealed ciphertext of its raw
// click id (never the click id itself), and the fingerprint that decides "same content".
export interface NewTouch {
  siteId: string;
  touchId: string;
  schemaVersion: number;
  provider: string;
  direction: string;
  partnerId: string | null;
  landingPath: string | null;
  sessionId: string | null;
  provenance: string;
  occurredAt: number;
  clickIdHash: string;
  clickIdCiphertext: string;
  clickIdKeyId: string;
  contentHash: string;
}
