/** Reviews (score and text) in Chinese and English, handed out over the catalogue. */
export const SEED_REVIEWS: { score: number; content: string }[] = [
  { score: 5, content: 'Stunning detail, my students could not stop exploring. Worth every dollar.' },
  { score: 5, content: '画质非常清晰，热点讲解也很用心，推荐！' },
  { score: 4, content: 'Great quality. Loading took a moment on my phone but it was smooth afterwards.' },
  { score: 4, content: '內容豐富，用來做課堂教材很合適，希望能加入更多場景。' },
  { score: 5, content: 'Exactly what we needed for our virtual open day.' },
  { score: 3, content: '整体不错，不过部分热点的文字有点小。' },
  { score: 4, content: 'Nice work, the spatial audio really sells it.' },
  { score: 5, content: '太美了，像真的站在那里一样。' },
  { score: 2, content: 'Fine, but a little short for the price.' },
  { score: 4, content: '模型干净，材质漂亮，直接就能用在展厅里。' },
];

/** Comments on the catalogue's projects, some with the creator's reply. */
export const SEED_COMMENTS: { content: string; reply?: string }[] = [
  { content: 'Does this work with the Quest 3 browser?', reply: 'Yes, it runs in any WebXR browser, including Quest.' },
  { content: '请问可以用在学校的公开课吗？', reply: '可以的，购买后在教学场景中使用没有问题。' },
  { content: 'Could you add English subtitles to the audio?' },
  { content: '期待更多京都的作品！' },
  { content: 'The sunrise scene is my favourite.' },
  { content: '有没有繁體中文的解說？', reply: '下個版本會加入繁體中文解說。' },
  { content: 'Bought it for our team training, works well.' },
  { content: '细节太丰富了，收藏了。' },
];
