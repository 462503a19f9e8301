import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodiesTo, renderAt, reply, serve, setupScreenTests, unmountAndSettle } from '../../../components/test-utils';
import { QuestionnaireCard } from './questionnaire-card';

setupScreenTests();

const questionnaire = (answered: boolean) => ({
  id: 1,
  project_id: 7,
  title: 'How was the tour?',
  answered,
  questions: [
    { type: 'single', title: 'Did you like it?', options: ['Yes', 'No'] },
    { type: 'text', title: 'What should change?' },
  ],
});

describe('questionnaire card', () => {
  it('asks for the choice questions, then sends the answers in order and thanks the viewer', async () => {
    let answered = false;
    const fetch = serve({
      '/api/questionnaire/questionnaire_details': () => reply(200, questionnaire(answered)),
      '/api/questionnaire/answer_questionnaire': () => {
        answered = true;
        return reply(200, null, 'Operation successful');
      },
    });
    renderAt(<QuestionnaireCard projectId={7} signedIn />, '/');
    expect(await screen.findByText('How was the tour?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Send answers' }));
    expect(await screen.findByText('Please choose an answer')).toBeInTheDocument();
    expect(bodiesTo(fetch, '/api/questionnaire/answer_questionnaire')).toHaveLength(0);

    fireEvent.click(screen.getByLabelText('No'));
    fireEvent.change(screen.getByLabelText('What should change?'), { target: { value: 'More rooms' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send answers' }));
    await waitFor(() =>
      expect(bodiesTo(fetch, '/api/questionnaire/answer_questionnaire')).toEqual([{ project_id: 7, answers: [1, 'More rooms'] }]),
    );
    expect(await screen.findByText('You have answered this questionnaire. Thank you!')).toBeInTheDocument();
  });

  it('shows nothing when the project has no questionnaire, and asks nothing of visitors', async () => {
    const fetch = serve({ '/api/questionnaire/questionnaire_details': () => reply(200, null) });
    const { container } = renderAt(<QuestionnaireCard projectId={7} signedIn />, '/');
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(container.querySelector('[data-testid="questionnaire-card"]')).toBeNull();
    await unmountAndSettle();
    fetch.mockClear();
    renderAt(<QuestionnaireCard projectId={7} signedIn={false} />, '/');
    expect(fetch).not.toHaveBeenCalled();
  });
});
