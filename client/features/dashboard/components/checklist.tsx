import type { Checklist } from '#shared/schemas/dashboard.ts';
import { AppLink } from '#client/components/app-link.tsx';
import { useTranslation } from '#client/lib/use-translation.ts';

const steps = [
  { id: 'emailVerified', to: '/settings' },
  { id: 'storeConnected', to: '/shops' },
  { id: 'auditRead', to: '/seo' },
  { id: 'fixApproved', to: '/seo/pages' },
  { id: 'postPublished', to: '/blog' },
] as const satisfies ReadonlyArray<{ id: keyof Checklist; to: string }>;

/** The way to value, each step ticked from the account's real state and leading where it is done. */
export function ChecklistCard({ checklist }: { checklist: Checklist }) {
  const { t } = useTranslation('dashboard');
  const done = steps.filter((step) => checklist[step.id]).length;
  return (
    <section className="card dashboard-checklist" aria-labelledby="checklist-title">
      <h2 id="checklist-title">{t('checklist.title')}</h2>
      <p>{t('checklist.progress', { done, total: steps.length })}</p>
      <ol className="checklist">
        {steps.map((step) => {
          const ticked = checklist[step.id];
          return (
            <li key={step.id} className={ticked ? 'checklist-done' : 'checklist-todo'}>
              <span aria-hidden="true">{ticked ? '✓' : '○'}</span>{' '}
              <AppLink to={step.to}>{t(`checklist.steps.${step.id}`)}</AppLink>{' '}
              <span className="visually-hidden">
                {ticked ? t('checklist.doneMark') : t('checklist.todoMark')}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
