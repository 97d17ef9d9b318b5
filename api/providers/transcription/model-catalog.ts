/**
 * ggml Whisper models for whisper.cpp, by name, as published in the ggerganov/whisper.cpp model
 * repository. SHA-1 values are the ones whisper.cpp's models/README.md publishes; the models it lists
 * without one are verified trust-on-first-use (the hash of the first download is kept beside the file).
 */
export interface CatalogModel {
  name: string;
  file: string;
  /** Published SHA-1 of the file, when there is one. */
  sha1?: string;
  approxMiB: number;
  multilingual: boolean;
}

export const DEFAULT_MODEL_BASE_URL = 'https://huggingface.co/ggerganov/whisper.cpp/resolve/main';

const entry = (name: string, approxMiB: number, sha1?: string): CatalogModel => ({
  name,
  file: `ggml-${name}.bin`,
  approxMiB,
  multilingual: !name.includes('.en'),
  ...(sha1 ? { sha1 } : {}),
});

export const MODEL_CATALOG: readonly CatalogModel[] = [
  entry('tiny', 75, 'bd577a113a864445d4c299885e0cb97d4ba92b5f'),
  entry('tiny.en', 75, 'c78c86eb1a8faa21b369bcd33207cc90d64ae9df'),
  entry('tiny-q5_1', 31),
  entry('tiny-q8_0', 42),
  entry('base', 142, '465707469ff3a37a2b9b8d8f89f2f99de7299dac'),
  entry('base.en', 142, '137c40403d78fd54d454da0f9bd998f78703390c'),
  entry('base-q5_1', 57),
  entry('base-q8_0', 78),
  entry('small', 466, '55356645c2b361a969dfd0ef2c5a50d530afd8d5'),
  entry('small.en', 466, 'db8a495a91d927739e50b3fc1cc4c6b8f6c2d022'),
  entry('small-q5_1', 181),
  entry('small-q8_0', 252),
  entry('medium', 1536, 'fd9727b6e1217c2f614f9b698455c4ffd82463b4'),
  entry('medium.en', 1536, '8c30f0e44ce9560643ebd10bbe50cd20eafd3723'),
  entry('medium-q5_0', 514),
  entry('medium-q8_0', 785),
  entry('large-v1', 2970, 'b1caaf735c4cc1429223d5a74f0f4d0b9b59a299'),
  entry('large-v2', 2970, '0f4c8e34f21cf1a914c59d8b3ce882345ad349d6'),
  entry('large-v2-q5_0', 1080, '00e39f2196344e901b3a2bd5814807a769bd1630'),
  entry('large-v3', 2970, 'ad82bf6a9043ceed055076d0fd39f5f186ff8062'),
  entry('large-v3-q5_0', 1080, 'e6e2ed78495d403bef4b7cff42ef4aaadcfea8de'),
  entry('large-v3-turbo', 1550),
  entry('large-v3-turbo-q5_0', 547),
  entry('large-v3-turbo-q8_0', 834),
];

export function findCatalogModel(name: string): CatalogModel | undefined {
  return MODEL_CATALOG.find((model) => model.name === name);
}
