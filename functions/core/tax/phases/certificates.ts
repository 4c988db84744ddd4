// A certificate the document names must exempt something in it: one whose state none of the lines
// it is selected for ships to is refused, naming where it was selected, rather than answered with
// full tax and no word (the user asked for an exemption and would not see it was not given).
import { DomainError, type ErrorDetail } from '../../errors';
import type { DocumentInput } from '../input';
import type { SourcingLine } from '../states/state-module';
import type { EngineContext } from '../types';

export function checkCertificateCoverage(lines: readonly SourcingLine[], doc: DocumentInput, ctx: Pick<EngineContext, 'certificates'>): void {
  if (ctx.certificates.size === 0) return;
  const problems: ErrorDetail[] = [];
  const documentLevel = doc.exemption_certificate_id;
  const documentGrant = documentLevel ? ctx.certificates.get(documentLevel) : undefined;
  let documentCovers = false;
  for (const { plan } of lines) {
    const own = plan.line.exemption_certificate_id;
    if (!own) {
      if (documentGrant && documentGrant.jurisdiction === plan.state) documentCovers = true;
      continue;
    }
    const grant = ctx.certificates.get(own);
    if (grant && grant.jurisdiction !== plan.state)
      problems.push({
        code: 'exemption_certificate_not_found',
        target: `lines.${plan.index}.exemption_certificate_id`,
        message: `Certificate ${own} exempts sales into ${grant.jurisdiction}; this line ships to ${plan.state}.`,
      });
  }
  // A document-level certificate is lent to the lines without their own; when every line has its
  // own, it exempts nothing and says so too.
  if (documentGrant && !documentCovers)
    problems.unshift({
      code: 'exemption_certificate_not_found',
      target: 'exemption_certificate_id',
      message: `Certificate ${documentLevel} exempts sales into ${documentGrant.jurisdiction}; no line it applies to ships there.`,
    });
  if (problems.length > 0)
    throw new DomainError('exemption_certificate_not_found', 'A selected exemption certificate does not cover the state its lines ship to.', problems);
}
