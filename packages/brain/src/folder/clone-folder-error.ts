/** A clone folder that cannot be imported: the message names the file and the problem. */
export class CloneFolderError extends Error {
  override readonly name = 'CloneFolderError';
  /** The file at fault, relative to the clone folder when inside it. */
  readonly file: string;

  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.file = file;
  }
}
