import type { Bilingual } from './bilingual.js';

/** The workflow engine, its tasks and timers. */
export const flowMessages = {
  bpmnInvalid: {
    zh: '流程文件 {file} 无效：{problem}',
    en: 'The process file {file} is not valid: {problem}',
  },
  bpmnCodeRefused: {
    zh: `流程文件 {file} 含有会在服务器上运行的代码（{element}），出于安全原因不能保存或部署：不支持脚本任务、脚本监听器、Java 类或表达式委托，条件请写成 \${…} 表达式`,
    en: `The process file {file} holds code that would run on the server ({element}), so it cannot be saved or deployed: script tasks, script listeners and class or expression delegates are not supported; write conditions as \${…} expressions`,
  },
  bpmnScriptNotRun: {
    zh: `此流程含有脚本，服务器不运行流程中的脚本：请把脚本任务和脚本条件改为 \${…} 表达式后重新部署`,
    en: `This process holds scripts, and the server does not run scripts of processes: change script tasks and script conditions to \${…} expressions and deploy it again`,
  },
  bpmnEndlessLoop: {
    zh: '流程文件 {file} 中的循环（{loop}）没有用户任务、接收任务或定时器可以等待，会无限运行',
    en: 'In the process file {file}, the loop {loop} has no user task, receive task or timer to wait at, so it would run forever',
  },
  flowRunaway: {
    zh: '流程没有在等待节点停下（可能存在没有等待的循环），已停止，请检查流程设计',
    en: 'The process did not stop at a waiting step (a loop without a wait?); it was stopped, check its design',
  },
  bpmnTimerLoop: {
    zh: '流程文件 {file} 中的循环（{loop}）只在短于 {seconds} 秒的定时器处等待（{timers}），会反复触发：请等待更久，或在用户任务处等待',
    en: 'In the process file {file}, the loop {loop} waits only at timers shorter than {seconds} s ({timers}), so it would fire again and again; wait longer, or at a user task',
  },
  bpmnExpressionInvalid: {
    zh: '流程文件 {file} 中{where}的表达式 {expression} 无法使用：{problem}',
    en: 'In the process file {file}, the expression {expression} of {where} cannot be used: {problem}',
  },
  flowStepFailed: {
    zh: '流程运行出错，已停止：{problem}',
    en: 'The process stopped on an error: {problem}',
  },
  flowTimerCap: {
    zh: '流程的定时器已触发 {count} 次，达到单个流程的上限，已停止',
    en: 'Its timers fired {count} times, the most one process may; it was stopped',
  },
  definitionSuspended: {
    zh: '流程已挂起，不能发起新流程',
    en: 'This process is suspended; no new instance can start',
  },
  taskNotYours: { zh: '无权办理此任务', en: 'This task is not yours to handle' },
  flowNotYours: {
    zh: '只有流程的参与人和有流程跟踪权限的用户可以查看',
    en: 'Only those who take part in this process, and holders of the follow-up screen, can see it',
  },
  taskDone: { zh: '任务已办理或已被签收', en: 'This task was already handled or claimed' },
  instanceBusy: {
    zh: '流程正在被他人处理，请刷新后重试',
    en: 'Someone else is handling this process; reload and try again',
  },
} satisfies Record<string, Bilingual>;
