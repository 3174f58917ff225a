// The ten starter templates of the gallery, written in Simplified Chinese and English; the
// Traditional Chinese ones are the Simplified text through OpenCC with Taiwan phrases (项目 →
// 專案, 软件 → 軟體), made once on first use. Each is one page of real BlockNote blocks.
import type * as OpenCCToTraditional from 'opencc-js/cn2t';
import { loadWhenNeeded } from '../../lib/load-when-needed.js';
import type { Block, Locale, StarterTemplateKey } from '@library/contract';
import { bullet, bullets, checks, h2, h3, numbers, p, quote, table } from './starter-blocks.js';

export interface Starter {
  key: StarterTemplateKey;
  cover: string;
  name: string;
  description: string;
  blocks: Block[];
}

type Written = Omit<Starter, 'key' | 'cover'>;

/** OpenCC's Simplified → Traditional tables load with the first zh_TW starter asked for. */
const openCC = loadWhenNeeded<typeof OpenCCToTraditional>('opencc-js/cn2t');

const covers: Record<StarterTemplateKey, string> = {
  'meeting-notes': '📝',
  'weekly-report': '🗓️',
  'product-requirements': '📘',
  'onboarding-guide': '🤝',
  'project-plan': '🗂️',
  retrospective: '🧭',
  'technical-design': '🛠️',
  sop: '🔧',
  'reading-notes': '📚',
  okr: '🎯',
};

const zhCN: Record<StarterTemplateKey, Written> = {
  'meeting-notes': {
    name: '会议纪要',
    description: '记录会议的议题、讨论、决定和待办，会后发给参会人。',
    blocks: [
      table([
        ['项目', '内容'],
        ['时间', '2025 年 月 日 14:00–15:00'],
        ['地点', '会议室 / 线上链接'],
        ['主持人', ''],
        ['记录人', ''],
        ['参会人', ''],
      ]),
      h2('会议议题'),
      ...numbers('议题一：', '议题二：', '议题三：'),
      h2('讨论要点'),
      h3('议题一'),
      ...bullets('背景：', '各方意见：', '结论：'),
      h3('议题二'),
      ...bullets('背景：', '各方意见：', '结论：'),
      h2('会议决定'),
      ...bullets('决定一：', '决定二：'),
      h2('待办事项'),
      table([
        ['事项', '负责人', '截止日期', '状态'],
        ['', '', '', '未开始'],
        ['', '', '', '未开始'],
      ]),
      h2('下次会议'),
      p('时间：　　议题：'),
    ],
  },
  'weekly-report': {
    name: '周报',
    description: '本周完成、进行中、遇到的问题和下周计划，一页说清楚。',
    blocks: [
      p('**汇报人**：　　**部门**：　　**周期**：第 周（ 月 日 — 月 日）'),
      h2('本周完成'),
      ...checks('完成事项一（结果与数据）', '完成事项二'),
      h2('进行中'),
      table([
        ['工作项', '进度', '预计完成', '说明'],
        ['', '50%', '', ''],
        ['', '', '', ''],
      ]),
      h2('问题与风险'),
      ...bullets('问题：　　影响：　　需要的支持：'),
      h2('下周计划'),
      ...checks('计划一', '计划二', '计划三'),
      h2('心得与建议'),
      p(),
    ],
  },
  'product-requirements': {
    name: '产品需求文档',
    description: '背景、目标、用户故事、功能需求和验收标准，开发与测试的共同依据。',
    blocks: [
      table([
        ['文档信息', ''],
        ['产品负责人', ''],
        ['版本', 'v0.1'],
        ['状态', '草稿 / 评审中 / 已定稿'],
        ['相关链接', '设计稿、数据看板'],
      ]),
      h2('1. 背景'),
      p('为什么要做这件事？现状是什么，用户遇到了什么问题？'),
      h2('2. 目标与指标'),
      ...bullets('业务目标：', '成功指标：（例如：新用户 7 日留存提升 5%）', '不做的事：'),
      h2('3. 目标用户与场景'),
      table([
        ['用户', '场景', '痛点'],
        ['', '', ''],
      ]),
      h2('4. 用户故事'),
      ...bullets('作为＿＿，我希望＿＿，以便＿＿。'),
      h2('5. 功能需求'),
      table([
        ['编号', '需求', '优先级', '说明'],
        ['F1', '', 'P0', ''],
        ['F2', '', 'P1', ''],
      ]),
      h2('6. 交互与设计'),
      p('贴上设计稿或流程图，并说明关键状态：空状态、加载中、出错。'),
      h2('7. 验收标准'),
      ...checks('给定＿＿，当＿＿，则＿＿', '异常情况有清晰提示'),
      h2('8. 上线计划与风险'),
      ...bullets('上线时间：', '灰度与回滚方案：', '风险：'),
    ],
  },
  'onboarding-guide': {
    name: '新人入职指南',
    description: '第一天、第一周、第一个月要做的事，以及团队的人和常用工具。',
    blocks: [
      quote('欢迎加入！这份指南帮你在第一个月里顺利上手，有问题随时找你的导师。'),
      h2('团队介绍'),
      table([
        ['姓名', '角色', '可以找 TA 聊'],
        ['', '负责人', '方向与目标'],
        ['', '导师', '日常问题'],
      ]),
      h2('第一天'),
      ...checks(
        '领取电脑和门禁卡',
        '开通邮箱、即时通讯和知识库账号',
        '和导师吃午饭',
        '阅读团队介绍和规章制度',
      ),
      h2('第一周'),
      ...checks('搭好开发 / 工作环境', '参加一次团队例会', '完成第一个小任务'),
      h2('第一个月'),
      ...checks('独立完成一项完整的工作', '和主要协作方各聊一次', '与负责人做一次入职回顾'),
      h2('常用工具与链接'),
      ...bullets('知识库：', '项目管理：', '代码仓库：', '报销与请假：'),
      h2('常见问题'),
      bullet('遇到问题找谁？', [p('先问导师；不确定时在团队群里提问。')]),
    ],
  },
  'project-plan': {
    name: '项目计划',
    description: '目标、范围、里程碑、分工和风险，让所有人对齐节奏。',
    blocks: [
      h2('项目概述'),
      table([
        ['项目', ''],
        ['负责人', ''],
        ['起止时间', ''],
        ['状态', '规划中'],
      ]),
      h2('目标'),
      ...bullets('目标一：', '目标二：'),
      h2('范围'),
      h3('包含'),
      ...bullets(''),
      h3('不包含'),
      ...bullets(''),
      h2('里程碑'),
      table([
        ['里程碑', '日期', '交付物', '负责人'],
        ['需求确认', '', '需求文档', ''],
        ['设计完成', '', '设计稿', ''],
        ['开发完成', '', '可测试版本', ''],
        ['上线', '', '发布说明', ''],
      ]),
      h2('分工'),
      table([
        ['角色', '成员', '职责'],
        ['', '', ''],
      ]),
      h2('风险与应对'),
      table([
        ['风险', '可能性', '影响', '应对'],
        ['', '中', '高', ''],
      ]),
      h2('沟通机制'),
      ...bullets('每周例会：', '进度同步：'),
    ],
  },
  retrospective: {
    name: '复盘',
    description: '回顾目标与结果，找出做得好的和要改进的，落实到行动。',
    blocks: [
      p('**复盘对象**：　　**时间**：　　**参与人**：'),
      h2('1. 回顾目标'),
      p('当初想达成什么？'),
      h2('2. 评估结果'),
      table([
        ['目标', '实际结果', '差距'],
        ['', '', ''],
      ]),
      h2('3. 分析原因'),
      h3('做得好的'),
      ...bullets(''),
      h3('需要改进的'),
      ...bullets(''),
      h2('4. 总结经验'),
      ...numbers('以后继续：', '以后避免：'),
      h2('5. 行动项'),
      ...checks('行动一（负责人，截止日期）', '行动二（负责人，截止日期）'),
    ],
  },
  'technical-design': {
    name: '技术方案设计',
    description: '背景、方案对比、详细设计、数据与接口、风险和上线计划。',
    blocks: [
      table([
        ['作者', ''],
        ['评审人', ''],
        ['状态', '草稿'],
      ]),
      h2('背景与问题'),
      p('要解决什么问题？现有系统的限制是什么？'),
      h2('目标与非目标'),
      ...bullets('目标：', '非目标：'),
      h2('方案对比'),
      table([
        ['方案', '优点', '缺点', '结论'],
        ['方案 A', '', '', '采用'],
        ['方案 B', '', '', ''],
      ]),
      h2('详细设计'),
      h3('架构'),
      p('模块划分与调用关系（可贴架构图）。'),
      h3('数据模型'),
      table([
        ['表 / 字段', '类型', '说明'],
        ['', '', ''],
      ]),
      h3('接口'),
      ...bullets('GET /api/…：', 'POST /api/…：'),
      h2('性能、安全与兼容'),
      ...bullets('容量估算：', '权限与数据安全：', '兼容与迁移：'),
      h2('测试与上线'),
      ...checks('单元测试与接口测试', '压测', '灰度发布与回滚方案'),
      h2('开放问题'),
      ...bullets(''),
    ],
  },
  sop: {
    name: '操作手册 / SOP',
    description: '适用范围、准备工作、逐步操作和异常处理，人人照做都能做对。',
    blocks: [
      table([
        ['适用范围', ''],
        ['负责人', ''],
        ['最近更新', ''],
      ]),
      h2('目的'),
      p('这份手册保证谁来做都能得到同样的结果。'),
      h2('准备工作'),
      ...checks('所需权限：', '所需工具：', '前置检查：'),
      h2('操作步骤'),
      ...numbers('第一步：', '第二步：', '第三步：', '检查结果：'),
      h2('异常处理'),
      table([
        ['现象', '原因', '处理方法'],
        ['', '', ''],
      ]),
      h2('注意事项'),
      ...bullets('', ''),
      h2('变更记录'),
      table([
        ['日期', '修改人', '内容'],
        ['', '', '初版'],
      ]),
    ],
  },
  'reading-notes': {
    name: '读书笔记',
    description: '书的信息、核心观点、摘抄和自己的思考与行动。',
    blocks: [
      table([
        ['书名', ''],
        ['作者', ''],
        ['阅读时间', ''],
        ['评分', '★★★★☆'],
      ]),
      h2('一句话总结'),
      p(),
      h2('核心观点'),
      ...numbers('', '', ''),
      h2('精彩摘抄'),
      quote('摘抄的原文（页码）'),
      h2('我的思考'),
      p(),
      h2('可以付诸行动的'),
      ...checks(''),
    ],
  },
  okr: {
    name: 'OKR',
    description: '目标与关键结果，每周跟进信心指数，季末打分复盘。',
    blocks: [
      p('**周期**：2025 年第 季度　　**负责人**：'),
      h2('O1：'),
      table([
        ['关键结果', '基线', '目标值', '当前', '信心指数'],
        ['KR1：', '', '', '', '7/10'],
        ['KR2：', '', '', '', '5/10'],
        ['KR3：', '', '', '', '5/10'],
      ]),
      h2('O2：'),
      table([
        ['关键结果', '基线', '目标值', '当前', '信心指数'],
        ['KR1：', '', '', '', ''],
        ['KR2：', '', '', '', ''],
      ]),
      h2('本周进展'),
      ...bullets('进展：', '风险：', '需要的支持：'),
      h2('季末评分'),
      table([
        ['关键结果', '得分（0–1）', '说明'],
        ['', '', ''],
      ]),
    ],
  },
};

const enUS: Record<StarterTemplateKey, Written> = {
  'meeting-notes': {
    name: 'Meeting notes',
    description: 'Topics, discussion, decisions and action items, sent to attendees afterwards.',
    blocks: [
      table([
        ['Item', 'Details'],
        ['Date and time', ''],
        ['Place', 'Room / call link'],
        ['Chair', ''],
        ['Note taker', ''],
        ['Attendees', ''],
      ]),
      h2('Agenda'),
      ...numbers('Topic 1:', 'Topic 2:', 'Topic 3:'),
      h2('Discussion'),
      h3('Topic 1'),
      ...bullets('Background:', 'Views:', 'Outcome:'),
      h3('Topic 2'),
      ...bullets('Background:', 'Views:', 'Outcome:'),
      h2('Decisions'),
      ...bullets('Decision 1:', 'Decision 2:'),
      h2('Action items'),
      table([
        ['Action', 'Owner', 'Due', 'Status'],
        ['', '', '', 'Not started'],
        ['', '', '', 'Not started'],
      ]),
      h2('Next meeting'),
      p('When:　　Topics:'),
    ],
  },
  'weekly-report': {
    name: 'Weekly report',
    description: 'Done this week, in progress, problems and next week’s plan on one page.',
    blocks: [
      p('**From**:　　**Team**:　　**Week**:'),
      h2('Done this week'),
      ...checks('Item 1 (result and numbers)', 'Item 2'),
      h2('In progress'),
      table([
        ['Work item', 'Progress', 'Expected', 'Notes'],
        ['', '50%', '', ''],
        ['', '', '', ''],
      ]),
      h2('Problems and risks'),
      ...bullets('Problem:　　Impact:　　Help needed:'),
      h2('Next week'),
      ...checks('Plan 1', 'Plan 2', 'Plan 3'),
      h2('Thoughts and suggestions'),
      p(),
    ],
  },
  'product-requirements': {
    name: 'Product requirements',
    description: 'Background, goals, user stories, requirements and acceptance criteria.',
    blocks: [
      table([
        ['Document', ''],
        ['Product owner', ''],
        ['Version', 'v0.1'],
        ['Status', 'Draft / In review / Final'],
        ['Links', 'Designs, dashboards'],
      ]),
      h2('1. Background'),
      p('Why do this? What is the situation today, and what problem do users have?'),
      h2('2. Goals and metrics'),
      ...bullets(
        'Business goal:',
        'Success metric: (e.g. 7-day retention of new users +5%)',
        'Non-goals:',
      ),
      h2('3. Users and scenarios'),
      table([
        ['User', 'Scenario', 'Pain point'],
        ['', '', ''],
      ]),
      h2('4. User stories'),
      ...bullets('As a ___, I want ___ so that ___.'),
      h2('5. Functional requirements'),
      table([
        ['ID', 'Requirement', 'Priority', 'Notes'],
        ['F1', '', 'P0', ''],
        ['F2', '', 'P1', ''],
      ]),
      h2('6. Interaction and design'),
      p('Add the designs or a flow chart; describe the empty, loading and error states.'),
      h2('7. Acceptance criteria'),
      ...checks('Given ___, when ___, then ___', 'Errors show a clear message'),
      h2('8. Launch plan and risks'),
      ...bullets('Launch date:', 'Gradual rollout and rollback:', 'Risks:'),
    ],
  },
  'onboarding-guide': {
    name: 'Onboarding guide',
    description: 'What to do on day one, in week one and in month one; people and tools.',
    blocks: [
      quote(
        'Welcome aboard! This guide gets you going in your first month. Ask your mentor anything.',
      ),
      h2('The team'),
      table([
        ['Name', 'Role', 'Talk to them about'],
        ['', 'Lead', 'Direction and goals'],
        ['', 'Mentor', 'Everyday questions'],
      ]),
      h2('Day one'),
      ...checks(
        'Collect laptop and badge',
        'Set up e-mail, chat and library accounts',
        'Lunch with your mentor',
        'Read the team intro and policies',
      ),
      h2('Week one'),
      ...checks(
        'Set up your working environment',
        'Join a team meeting',
        'Finish a first small task',
      ),
      h2('Month one'),
      ...checks(
        'Deliver a complete piece of work on your own',
        'Meet each main partner team',
        'Onboarding review with your lead',
      ),
      h2('Tools and links'),
      ...bullets(
        'Knowledge library:',
        'Project tracker:',
        'Code repository:',
        'Expenses and leave:',
      ),
      h2('FAQ'),
      bullet('Whom do I ask?', [p('Your mentor first; when unsure, ask in the team chat.')]),
    ],
  },
  'project-plan': {
    name: 'Project plan',
    description: 'Goals, scope, milestones, roles and risks, so everyone keeps the same pace.',
    blocks: [
      h2('Overview'),
      table([
        ['Project', ''],
        ['Owner', ''],
        ['Dates', ''],
        ['Status', 'Planning'],
      ]),
      h2('Goals'),
      ...bullets('Goal 1:', 'Goal 2:'),
      h2('Scope'),
      h3('In scope'),
      ...bullets(''),
      h3('Out of scope'),
      ...bullets(''),
      h2('Milestones'),
      table([
        ['Milestone', 'Date', 'Deliverable', 'Owner'],
        ['Requirements agreed', '', 'Requirements doc', ''],
        ['Design done', '', 'Designs', ''],
        ['Build done', '', 'Testable build', ''],
        ['Launch', '', 'Release notes', ''],
      ]),
      h2('Roles'),
      table([
        ['Role', 'People', 'Responsibilities'],
        ['', '', ''],
      ]),
      h2('Risks'),
      table([
        ['Risk', 'Likelihood', 'Impact', 'Response'],
        ['', 'Medium', 'High', ''],
      ]),
      h2('Communication'),
      ...bullets('Weekly meeting:', 'Status updates:'),
    ],
  },
  retrospective: {
    name: 'Retrospective',
    description: 'Look back at goals and results, keep what worked, fix what did not.',
    blocks: [
      p('**Subject**:　　**Date**:　　**People**:'),
      h2('1. Goals'),
      p('What did we set out to achieve?'),
      h2('2. Results'),
      table([
        ['Goal', 'Result', 'Gap'],
        ['', '', ''],
      ]),
      h2('3. Why'),
      h3('What went well'),
      ...bullets(''),
      h3('What to improve'),
      ...bullets(''),
      h2('4. Lessons'),
      ...numbers('Keep doing:', 'Stop doing:'),
      h2('5. Actions'),
      ...checks('Action 1 (owner, due date)', 'Action 2 (owner, due date)'),
    ],
  },
  'technical-design': {
    name: 'Technical design',
    description: 'Background, options, detailed design, data and APIs, risks and rollout.',
    blocks: [
      table([
        ['Author', ''],
        ['Reviewers', ''],
        ['Status', 'Draft'],
      ]),
      h2('Background and problem'),
      p('What problem do we solve? What limits the current system?'),
      h2('Goals and non-goals'),
      ...bullets('Goals:', 'Non-goals:'),
      h2('Options'),
      table([
        ['Option', 'Pros', 'Cons', 'Verdict'],
        ['Option A', '', '', 'Chosen'],
        ['Option B', '', '', ''],
      ]),
      h2('Detailed design'),
      h3('Architecture'),
      p('Modules and how they call each other (add a diagram).'),
      h3('Data model'),
      table([
        ['Table / column', 'Type', 'Notes'],
        ['', '', ''],
      ]),
      h3('APIs'),
      ...bullets('GET /api/…:', 'POST /api/…:'),
      h2('Performance, security, compatibility'),
      ...bullets('Capacity estimate:', 'Access and data security:', 'Compatibility and migration:'),
      h2('Testing and rollout'),
      ...checks('Unit and API tests', 'Load test', 'Gradual rollout and rollback plan'),
      h2('Open questions'),
      ...bullets(''),
    ],
  },
  sop: {
    name: 'Operating procedure (SOP)',
    description: 'Scope, preparation, step-by-step actions and what to do when it goes wrong.',
    blocks: [
      table([
        ['Applies to', ''],
        ['Owner', ''],
        ['Last updated', ''],
      ]),
      h2('Purpose'),
      p('Whoever follows this gets the same result.'),
      h2('Preparation'),
      ...checks('Permissions needed:', 'Tools needed:', 'Checks first:'),
      h2('Steps'),
      ...numbers('Step 1:', 'Step 2:', 'Step 3:', 'Check the result:'),
      h2('When it goes wrong'),
      table([
        ['Symptom', 'Cause', 'What to do'],
        ['', '', ''],
      ]),
      h2('Notes'),
      ...bullets('', ''),
      h2('Change log'),
      table([
        ['Date', 'By', 'Change'],
        ['', '', 'First version'],
      ]),
    ],
  },
  'reading-notes': {
    name: 'Reading notes',
    description: 'The book, its key ideas, quotes, and your own thoughts and actions.',
    blocks: [
      table([
        ['Title', ''],
        ['Author', ''],
        ['Read', ''],
        ['Rating', '★★★★☆'],
      ]),
      h2('In one sentence'),
      p(),
      h2('Key ideas'),
      ...numbers('', '', ''),
      h2('Quotes'),
      quote('The quoted passage (page)'),
      h2('My thoughts'),
      p(),
      h2('What I will do'),
      ...checks(''),
    ],
  },
  okr: {
    name: 'OKR',
    description:
      'Objectives and key results; weekly confidence check-ins and an end-of-quarter score.',
    blocks: [
      p('**Quarter**:　　**Owner**:'),
      h2('O1:'),
      table([
        ['Key result', 'Baseline', 'Target', 'Current', 'Confidence'],
        ['KR1:', '', '', '', '7/10'],
        ['KR2:', '', '', '', '5/10'],
        ['KR3:', '', '', '', '5/10'],
      ]),
      h2('O2:'),
      table([
        ['Key result', 'Baseline', 'Target', 'Current', 'Confidence'],
        ['KR1:', '', '', '', ''],
        ['KR2:', '', '', '', ''],
      ]),
      h2('This week'),
      ...bullets('Progress:', 'Risks:', 'Help needed:'),
      h2('End-of-quarter score'),
      table([
        ['Key result', 'Score (0–1)', 'Notes'],
        ['', '', ''],
      ]),
    ],
  },
};

/** Simplified → Traditional (Taiwan phrases) in the texts, names and descriptions of a value. */
function traditional<T>(value: T, convert: (text: string) => string): T {
  if (Array.isArray(value)) return value.map((item) => traditional(item, convert)) as T;
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      typeof item === 'string'
        ? translated.has(key)
          ? convert(item)
          : item
        : traditional(item, convert),
    ]),
  ) as T;
}

const translated = new Set(['text', 'name', 'description']);

let zhTW: Record<StarterTemplateKey, Written> | null = null;

function written(locale: Locale): Record<StarterTemplateKey, Written> {
  if (locale === 'en_US') return enUS;
  if (locale === 'zh_TW') {
    zhTW ??= traditional(zhCN, openCC().Converter({ from: 'cn', to: 'twp' }));
    return zhTW;
  }
  return zhCN;
}

/** The starters in the caller's language, in gallery order. */
export function starters(locale: Locale): Starter[] {
  const texts = written(locale);
  return Object.entries(texts).map(([key, text]) => ({
    key: key as StarterTemplateKey,
    cover: covers[key as StarterTemplateKey],
    ...text,
  }));
}

export function starter(locale: Locale, key: StarterTemplateKey): Starter {
  const text = written(locale)[key];
  return { key, cover: covers[key], ...text };
}
