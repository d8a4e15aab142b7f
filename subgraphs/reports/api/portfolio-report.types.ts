import { Field, Int, ObjectType } from 'type-graphql';

@ObjectType('PortfolioReportParameter', { description: "A parameter of a portfolio report, as Fineract's stretchy_parameter describes it." })
export class PortfolioReportParameterType {
  @Field(() => Int, { description: "Fineract's parameter id." }) id!: number;
  @Field({ description: 'Parameter name, e.g. "OfficeIdSelectOne".' }) name!: string;
  @Field({ description: 'Name to send the value under, e.g. "officeId" (as R_officeId over REST).' }) variable!: string;
  @Field({ description: 'Label to show next to the input.' }) label!: string;
  @Field({ description: 'Kind of input: date or select.' }) displayType!: string;
  @Field({ description: 'Format of the value: date, number or string.' }) formatType!: string;
  @Field({ description: 'Value used when none is given.' }) defaultValue!: string;
  @Field(() => String, { description: '"Y" when a select offers no "all" choice, else null.', nullable: true }) selectOne!: string | null;
  @Field(() => String, { description: '"Y" when a select offers "all" (-1), else null.', nullable: true }) selectAll!: string | null;
}

@ObjectType('PortfolioReportDefinition', { description: "A portfolio report /runreports serves, as Fineract's GET /reports lists it." })
export class PortfolioReportDefinitionType {
  @Field(() => Int, { description: 'Report id (2001 and up).' }) id!: number;
  @Field({ description: 'Report name, as /runreports/{name} takes it.' }) name!: string;
  @Field({ description: 'Category the report is listed under: Loan, Client.' }) category!: string;
  @Field({ description: 'What the report shows.' }) description!: string;
  @Field(() => [PortfolioReportParameterType], { description: 'Parameters the report takes, in form order.' }) parameters!: PortfolioReportParameterType[];
}

@ObjectType('PortfolioReportColumn', { description: 'A column of a report.' })
export class PortfolioReportColumnType {
  @Field({ description: 'Column name, as Fineract names it.' }) columnName!: string;
  @Field({ description: 'SQL type: VARCHAR, DECIMAL, BIGINT, DATE.' }) columnType!: string;
  @Field({ description: 'How to show it: TEXT, DECIMAL, INTEGER, DATE.' }) columnDisplayType!: string;
}

@ObjectType('PortfolioReportRow', { description: 'One row of a report.' })
export class PortfolioReportRowType {
  @Field(() => [String], { description: 'Cells in column order: decimals and integers as exact text, dates as YYYY-MM-DD, null when absent.', nullable: 'items' })
  cells!: (string | null)[];
}

@ObjectType('PortfolioReport', { description: 'A portfolio report in the /runreports shape.' })
export class PortfolioReportType {
  @Field({ description: 'Name of the report run.' }) reportName!: string;
  @Field(() => [PortfolioReportColumnType], { description: 'Columns, in order.' }) columnHeaders!: PortfolioReportColumnType[];
  @Field(() => [PortfolioReportRowType], { description: 'Rows, in report order.' }) rows!: PortfolioReportRowType[];
}
