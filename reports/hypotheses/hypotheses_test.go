package hypotheses

import "testing"

func TestJudgedHypothesisDigest(t *testing.T) {
	h := Hypothesis{ID: "H1", Statement: "s", Prediction: Prediction{Kind: FewestFails, Model: "Model 1"}}
	plain := h.Digest()
	h.Prediction.Criterion, h.Prediction.Judge = "C2", "primary"
	judged := h.Digest()
	h.Prediction.Judge = "family-1"
	if plain == judged || judged == h.Digest() {
		t.Error("the criterion and judge of a prediction must change its digest")
	}
}
