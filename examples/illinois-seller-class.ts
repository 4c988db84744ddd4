// Illinois: a document shipped into Illinois states the seller's posture
// (docs/taxes-and-content.md, "Illinois"). A remote seller is taxed at the destination; without
// seller_class and without verified Illinois locations the service refuses with
// il_sourcing_unresolved_no_seller_facts.
import { pathToFileURL } from 'node:url';
import { connect, type ExampleTarget, must, targetFromEnv } from './connect';

export async function illinoisSellerClass(target: ExampleTarget) {
  const api = connect(target);
  const document = {
    date: '2026-04-15',
    ship_to: { state: 'IL', zip: '60601' },
    lines: [{ description: 'Office chair', amount: 250 }],
  };
  const remote = must(await api.POST('/api/v1/calculations', { body: { ...document, seller_class: 'remote' } }));
  const unstated = await api.POST('/api/v1/calculations', { body: document });
  return { remote, refusal: unstated.error?.error };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { remote, refusal } = await illinoisSellerClass(targetFromEnv());
  console.log(`remote seller into Chicago: rate ${remote.lines[0]?.rate}, tax ${remote.total_tax}, sourcing ${remote.lines[0]?.sourcing}`);
  for (const j of remote.summary) console.log(`  ${j.type.padEnd(8)} ${j.name.padEnd(30)} ${j.rate}  ${j.tax}`);
  console.log(`without seller_class: ${refusal?.code ?? 'accepted (the account has verified Illinois facts)'}`);
}
