// Keeps a running function's tax content current without a redeploy: before a request that uses
// the content, at most once every `checkMs`, it asks where versions are published (the content
// bucket on AWS, the artifact file on a developer machine) which build is in force, and when that
// differs from the one held, reads it, checks its bytes against the build id and installs it. A
// look that fails (store unreachable, bytes that do not match, an artifact this runtime cannot
// read) keeps the content held and is logged: answers go on from the last good version, and each
// names the version it used.
import { contentBuild } from './content-build';
import type { HeldContent } from './content-file';

/** A version in force where content is published. */
export interface PublishedVersion {
  readonly build: string;
  readonly publishedAt?: string;
  /** Its artifact's bytes (JSON). */
  read(): Promise<string>;
}

/** Where newer content is published: the version in force, or undefined when none is. */
export interface PublishedContent {
  readonly name: string;
  current(): Promise<PublishedVersion | undefined>;
}

/** The process's holder of content (content-file.ts). */
export interface ContentHolder {
  heldBuild(): string;
  installContent(json: string, build: string, publishedAt: string | undefined): HeldContent;
}

export interface ReloadLog {
  info(message: string, extra: Record<string, unknown>): void;
  warn(message: string, extra: Record<string, unknown>): void;
}

export class ContentReloader {
  private checkedAt = Number.NEGATIVE_INFINITY;
  private looking: Promise<void> | undefined;
  /** A build that failed to install: not fetched again until another is published. */
  private refused: string | undefined;

  constructor(
    private readonly published: PublishedContent,
    private readonly holder: ContentHolder,
    private readonly checkMs: number,
    private readonly log: ReloadLog,
  ) {}

  /** Resolves once the content held is the published one, or the look failed; never rejects. */
  fresh(nowMs: number): Promise<void> {
    if (this.looking) return this.looking;
    if (nowMs - this.checkedAt < this.checkMs) return Promise.resolve();
    this.checkedAt = nowMs;
    this.looking = this.look().finally(() => {
      this.looking = undefined;
    });
    return this.looking;
  }

  private async look(): Promise<void> {
    let build: string | undefined;
    try {
      const version = await this.published.current();
      if (!version || version.build === this.refused || version.build === this.holder.heldBuild()) return;
      build = version.build;
      const json = await version.read();
      const actual = contentBuild(json);
      if (actual !== version.build) throw new Error(`the artifact's bytes are build ${actual}, not ${version.build}`);
      const held = this.holder.installContent(json, version.build, version.publishedAt);
      this.log.info('tax content reloaded', { from: this.published.name, build, version: held.content.version, loadMs: Math.round(held.loadMs) });
    } catch (error) {
      if (build) this.refused = build;
      this.log.warn('tax content not reloaded; the content held stays', { from: this.published.name, build, error: String(error) });
    }
  }
}
