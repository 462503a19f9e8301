import { CheckCircleOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceList, TextArea } from '../../../components/lite/lite';
import { useFeedback } from '../../../lib/feedback';
import { useAnswerQuestionnaire, useViewerQuestionnaire } from '../api/questionnaire';

/**
 * The creator's feedback questionnaire on the details page (signed-in viewers; nothing shows when the project has
 * none). Choice questions must be answered, text questions may stay empty; after sending, a thank-you replaces the
 * form (the server keeps one answer set per user).
 */
export function QuestionnaireCard({ projectId, signedIn }: { projectId: number; signedIn: boolean }) {
  const { t } = useTranslation('market');
  const { message } = useFeedback();
  const q = useViewerQuestionnaire(projectId, signedIn);
  const send = useAnswerQuestionnaire(projectId);
  const [answers, setAnswers] = useState<Record<number, number | string>>({});
  const [missing, setMissing] = useState<number[]>([]);
  const data = q.data;
  if (!signedIn || !data) return null;

  const submit = async () => {
    const unanswered = data.questions.flatMap((x, i) => (x.type === 'single' && typeof answers[i] !== 'number' ? [i] : []));
    setMissing(unanswered);
    if (unanswered.length) return;
    try {
      await send.mutateAsync(data.questions.map((x, i) => answers[i] ?? (x.type === 'text' ? '' : 0)));
      void message.success(t('questionnaire.thanks'));
    } catch {
      // the HTTP client showed why
    }
  };

  return (
    <section className="xr-details__card" data-testid="questionnaire-card">
      <h2>{t('questionnaire.title')}</h2>
      <p className="xr-muted">{data.title}</p>
      {data.answered ? (
        <p>
          <CheckCircleOutlined style={{ color: 'var(--ant-color-success, #52c41a)' }} /> {t('questionnaire.answered')}
        </p>
      ) : (
        <div className="xr-questions">
          {data.questions.map((x, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: questions have no id; their order is the answer order
            <fieldset key={i} className="xr-question">
              <legend>{`${i + 1}. ${x.title}`}</legend>
              {x.type === 'single' ? (
                <ChoiceList
                  options={x.options}
                  label={x.title}
                  value={typeof answers[i] === 'number' ? answers[i] : undefined}
                  onChange={(k) => {
                    setAnswers((a) => ({ ...a, [i]: k }));
                    setMissing((m) => m.filter((n) => n !== i));
                  }}
                />
              ) : (
                <TextArea
                  rows={2}
                  maxLength={1000}
                  label={x.title}
                  value={(answers[i] as string | undefined) ?? ''}
                  onChange={(v) => setAnswers((a) => ({ ...a, [i]: v }))}
                />
              )}
              {missing.includes(i) ? (
                <div className="xr-comment-box__error" role="alert">
                  {t('questionnaire.choose')}
                </div>
              ) : null}
            </fieldset>
          ))}
          <Button type="primary" onClick={() => void submit()} loading={send.isPending}>
            {t('questionnaire.send')}
          </Button>
        </div>
      )}
    </section>
  );
}
