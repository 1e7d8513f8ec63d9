import { bpmnDocument } from '@blade/schema';
import { LEAVE_ADJUST_ACTIVITY, LEAVE_PROCESS_KEY } from '@blade/schema/rules';

/**
 * A gateway after an approval step: on to `approved` when the step approved, else (its default) to
 * `rejected`. Each is `[flow id, target]`.
 */
const decision = (id: string, name: string, approved: [string, string], rejected: [string, string]) =>
  `<exclusiveGateway id="${id}" name="${name}" default="${rejected[0]}" />
    <sequenceFlow id="${approved[0]}" sourceRef="${id}" targetRef="${approved[1]}">
      <conditionExpression xsi:type="tFormalExpression">\${approved == true}</conditionExpression>
    </sequenceFlow>
    <sequenceFlow id="${rejected[0]}" sourceRef="${id}" targetRef="${rejected[1]}" />`;

/**
 * The leave request: the department approver decides; leaves longer than `hrDays` go on to HR
 * (candidate group `hr`); a rejection returns the request to the applicant, who resubmits or
 * withdraws it. Conditions are expressions of our own grammar (expression.ts), never scripts.
 */
export const LEAVE_BPMN = bpmnDocument({
  id: LEAVE_PROCESS_KEY,
  name: '请假流程',
  definitionsId: 'leaveDefinitions',
  body: `
    <startEvent id="start" name="提交申请" />
    <sequenceFlow id="toManager" sourceRef="start" targetRef="managerApproval" />
    <userTask id="managerApproval" name="部门审批" flowable:assignee="\${approverId}" />
    <sequenceFlow id="toManagerDecision" sourceRef="managerApproval" targetRef="managerDecision" />
    ${decision('managerDecision', '审批结果', ['managerApproved', 'lengthCheck'], ['managerRejected', LEAVE_ADJUST_ACTIVITY])}
    <exclusiveGateway id="lengthCheck" name="是否超过天数" default="short" />
    <sequenceFlow id="long" sourceRef="lengthCheck" targetRef="hrApproval">
      <conditionExpression xsi:type="tFormalExpression">\${days &gt; hrDays}</conditionExpression>
    </sequenceFlow>
    <sequenceFlow id="short" sourceRef="lengthCheck" targetRef="approvedEnd" />
    <userTask id="hrApproval" name="人事审批" flowable:candidateGroups="hr" />
    <sequenceFlow id="toHrDecision" sourceRef="hrApproval" targetRef="hrDecision" />
    ${decision('hrDecision', '人事结果', ['hrApproved', 'approvedEnd'], ['hrRejected', LEAVE_ADJUST_ACTIVITY])}
    <userTask id="${LEAVE_ADJUST_ACTIVITY}" name="调整申请" flowable:assignee="\${applicantId}" />
    <sequenceFlow id="toAdjustDecision" sourceRef="adjust" targetRef="adjustDecision" />
    ${decision('adjustDecision', '重新提交', ['resubmit', 'managerApproval'], ['withdraw', 'withdrawnEnd'])}
    <endEvent id="approvedEnd" name="已通过" />
    <endEvent id="withdrawnEnd" name="已撤销" />`,
});
