import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { QUESTIONS_MAX } from '@xr/contract/creator';
import { Button, Card, Col, Empty, Flex, Form, Input, List, Progress, Row, Select, Statistic, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../../../lib/feedback';
import { validValues } from '../../../lib/forms';
import { useQuestionnaire, useQuestionnaireResults, useSaveQuestionnaire } from '../api/questionnaire';
import type { Question } from '../api/types';
import { ProjectPicker } from '../components/project-picker';

type Kind = Question['type'];
const KINDS: Kind[] = ['single', 'text'];

interface Values {
  title: string;
  questions: { title: string; type: Kind; options?: string }[];
}

function Builder({ projectId }: { projectId: number }) {
  const { t } = useTranslation('projects');
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const current = useQuestionnaire(projectId);
  const save = useSaveQuestionnaire();

  useEffect(() => {
    const q = current.data;
    form.setFieldsValue({
      title: q?.title ?? '',
      questions: (q?.questions ?? [{ type: 'single', title: '', options: [] }]).map((x) => ({
        title: x.title,
        type: x.type,
        options: x.type === 'single' ? x.options.join('\n') : '',
      })),
    });
  }, [current.data, form]);

  const submit = async () => {
    const v: Values | undefined = await validValues(form);
    if (!v) return;
    const questions: Question[] = v.questions.map((q) =>
      q.type === 'single'
        ? {
            type: 'single',
            title: q.title.trim(),
            options: (q.options ?? '')
              .split('\n')
              .map((o) => o.trim())
              .filter(Boolean),
          }
        : { type: 'text', title: q.title.trim() },
    );
    try {
      await save.mutateAsync({ project_id: projectId, title: v.title.trim(), questions });
      void message.success(t('saved'));
    } catch {
      // shown by the HTTP client
    }
  };

  const optionsRule = {
    validator: async (_: unknown, value?: string) => {
      const n = (value ?? '').split('\n').filter((o) => o.trim()).length;
      if (n < 2 || n > 10) throw new Error(t('questionnaire.optionsRequired'));
    },
  };

  return (
    <Form form={form} layout="vertical">
      <Form.Item
        name="title"
        label={t('questionnaire.name')}
        rules={[{ required: true, whitespace: true, message: t('questionnaire.nameRequired') }]}
      >
        <Input maxLength={100} />
      </Form.Item>
      <Form.List name="questions">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, i) => (
              <Card
                key={field.key}
                size="small"
                className="xr-mb"
                title={t('questionnaire.question', { n: i + 1 })}
                extra={
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('common:delete')}
                    onClick={() => remove(field.name)}
                    disabled={fields.length === 1}
                  />
                }
              >
                <Row gutter={12}>
                  <Col xs={24} md={16}>
                    <Form.Item
                      name={[field.name, 'title']}
                      label={t('questionnaire.questionTitle')}
                      rules={[{ required: true, whitespace: true, message: t('questionnaire.questionRequired') }]}
                    >
                      <Input maxLength={200} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={8}>
                    <Form.Item name={[field.name, 'type']} label={t('questionnaire.kind')} initialValue="single">
                      <Select options={KINDS.map((k) => ({ value: k, label: t(`questionnaire.kinds.${k}`) }))} />
                    </Form.Item>
                  </Col>
                  <Form.Item noStyle shouldUpdate>
                    {() =>
                      form.getFieldValue(['questions', field.name, 'type']) === 'single' ? (
                        <Col span={24}>
                          <Form.Item
                            name={[field.name, 'options']}
                            label={t('questionnaire.options')}
                            extra={t('questionnaire.optionsHint')}
                            rules={[optionsRule]}
                          >
                            <Input.TextArea rows={3} />
                          </Form.Item>
                        </Col>
                      ) : null
                    }
                  </Form.Item>
                </Row>
              </Card>
            ))}
            <Flex gap={8} wrap>
              <Button
                icon={<PlusOutlined />}
                disabled={fields.length >= QUESTIONS_MAX}
                onClick={() => add({ title: '', type: 'single' })}
              >
                {t('questionnaire.addQuestion')}
              </Button>
              <Button type="primary" loading={save.isPending} onClick={submit}>
                {t('common:save')}
              </Button>
            </Flex>
          </>
        )}
      </Form.List>
    </Form>
  );
}

function Results({ projectId }: { projectId: number }) {
  const { t } = useTranslation('projects');
  const details = useQuestionnaire(projectId);
  const results = useQuestionnaireResults(projectId, !!details.data);
  const r = results.data;
  if (!r) return <Empty description={t('questionnaire.none')} />;
  return (
    <div>
      <Statistic title={t('questionnaire.responses')} value={r.responses} className="xr-mb" />
      {r.questions.map((q, i) => {
        const def = details.data?.questions[i];
        const options = def?.type === 'single' ? def.options : [];
        const total = (q.counts ?? []).reduce((a, b) => a + b, 0);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: questions have no id; their order is the answer order
          <Card key={`${i}-${q.title}`} size="small" className="xr-mb" title={`${i + 1}. ${q.title}`}>
            {q.type === 'single' ? (
              (q.counts ?? []).map((n, k) => (
                <div key={options[k] ?? k}>
                  <Typography.Text>{options[k] ?? `#${k + 1}`}</Typography.Text>
                  <Progress percent={total ? Math.round((n / total) * 100) : 0} format={() => n} />
                </div>
              ))
            ) : (
              <List
                size="small"
                dataSource={q.texts ?? []}
                locale={{ emptyText: t('questionnaire.noAnswers') }}
                renderItem={(text, k) => <List.Item key={k}>{text}</List.Item>}
              />
            )}
          </Card>
        );
      })}
    </div>
  );
}

/** /vrdata/questionnaire: a short feedback questionnaire per project, and what viewers answered. */
export default function QuestionnairePage() {
  const { t } = useTranslation('projects');
  const [projectId, setProjectId] = useState<number>();
  return (
    <Card title={t('questionnaire.title')}>
      <div className="xr-mb">
        <ProjectPicker value={projectId} onChange={setProjectId} />
      </div>
      {projectId ? (
        <Tabs
          items={[
            { key: 'build', label: t('questionnaire.build'), children: <Builder key={projectId} projectId={projectId} /> },
            { key: 'answers', label: t('questionnaire.answers'), children: <Results projectId={projectId} /> },
          ]}
        />
      ) : (
        <Empty description={t('noProjects')} />
      )}
    </Card>
  );
}
