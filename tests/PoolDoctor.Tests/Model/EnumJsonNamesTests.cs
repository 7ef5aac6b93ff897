using System.Text.Json;
using System.Text.Json.Serialization;
using PoolDoctor.Model;
using PoolDoctor.Model.Advice;
using PoolDoctor.Model.Verdicts;

namespace PoolDoctor.Tests.Model;

/// <summary>The names the text outputs print are the ones System.Text.Json writes, member by member.</summary>
public sealed class EnumJsonNamesTests
{
    private static readonly JsonSerializerOptions Json = new() { Converters = { new JsonStringEnumConverter() } };

    public static TheoryData<VerdictRule> Rules => [.. Enum.GetValues<VerdictRule>()];

    public static TheoryData<AdviceCode> Codes => [.. Enum.GetValues<AdviceCode>()];

    [Theory]
    [MemberData(nameof(Rules))]
    public void A_rule_prints_as_json_names_it(VerdictRule rule) =>
        Assert.Equal(JsonSerializer.Serialize(rule, Json), $"\"{rule.Name()}\"");

    [Theory]
    [MemberData(nameof(Codes))]
    public void An_advice_code_prints_as_json_names_it(AdviceCode code) =>
        Assert.Equal(JsonSerializer.Serialize(code, Json), $"\"{code.JsonName()}\"");

    [Fact]
    public void The_names_are_the_kebab_case_ones_reports_have_always_used() =>
        Assert.Equal(
            ["warming-up", "cpu-saturated", "starvation-injections", "starvation-signature", "queue-not-draining", "persistent-queue", "blocking-compensated", "healthy"],
            Enum.GetValues<VerdictRule>().Select(r => r.Name()));

    [Fact]
    public void A_member_without_the_attribute_keeps_its_own_name() =>
        Assert.Equal("Friday", DayOfWeek.Friday.JsonName());
}
